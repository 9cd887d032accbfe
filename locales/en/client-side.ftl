## The client's side (CLIENTS=on): greeting, linking by phone, the client's orders, approval, the receipt
client-greeting = Hello! This is the bot of <b>{ $shop }</b>.
client-greeting-unnamed = Hello! This is the workshop's bot.
client-address = 📍 { $address }
client-hours = 🕘 { $hours }
client-hours-closing = 🕘 Open until { $time }
client-share-ask = To see your orders and hear when they are ready, share your phone number with the button below. It must be the number you gave the workshop.
client-share-button = 📱 Share my phone
client-contact-not-own = Only your own number can be shared: use the "📱 Share my phone" button below.
client-contact-unknown = No orders were found for this number. If the workshop has another number of yours, please call us.
client-contact-shared = This number is on record at the workshop for several clients, so it cannot show you any orders. Please ask the workshop to note your number for you alone.
client-linked = ✅ Done: you will get messages about your orders. To stop them: /stop
client-linked-consent-later = ✅ Done. Your consent could not be noted at the workshop right now: please share your number again a little later. To stop: /stop
client-orders-heading = { $count ->
        [one] Your order:
       *[other] Your orders:
    }
client-orders-none = You have no open orders now.
client-order-title = <b>{ $number }</b> · { $device }
client-order-no-device = device
client-order-status = Status: { $status }
client-order-estimate = Estimate: { $amount } ₽
client-order-due = Due: { $amount } ₽
client-order-paid = Paid in full
client-order-deadline = Due by: { $date }
client-order-where = 📍 { $address }
client-status-accepted = accepted
client-status-diagnosis = in diagnosis
client-status-in-work = in work
client-status-waiting-parts = waiting for parts
client-status-waiting = waiting
client-status-approval = waiting for your approval
client-status-ready = ✅ ready for pick-up
client-status-handed-over = handed over
client-stop-done = You are unsubscribed: no more messages about your orders. To come back: /start
client-stop-done-later = You are unsubscribed: the bot sends you no more messages about your orders. The workshop's system has not taken the change yet; the bot will note it there as soon as it answers. To come back: /start
client-stop-none = You are not subscribed. To subscribe: /start
client-help = Send /start to see your orders, or /stop to unsubscribe.
client-too-fast = Too many messages. Please wait a minute.
client-too-many-links = You subscribed and unsubscribed several times today. Please try again tomorrow.
client-private-only = This bot answers clients in a private chat only.

## Messages to linked clients
client-notify-ready = ✅ Order <b>{ $number }</b> ({ $device }) is ready for pick-up.
client-notify-status = Order <b>{ $number }</b> ({ $device }): { $status }.
client-notify-approval = Order <b>{ $number }</b> ({ $device }) is waiting for your approval.
client-approve = ✅ Approve
client-decline = ❌ Decline

## Approval in one tap
client-approved = ✅ You approved the repair of order <b>{ $number }</b> for { $amount } ₽. Thank you!
client-declined = ❌ You declined the repair of order <b>{ $number }</b>: the device will be returned without it and can be collected.
client-already-approved = This order's estimate is already approved.
client-already-declined = This order's repair was already declined.
client-moved-on = The order has moved on: { $status }.
client-estimate-changed = The estimate has changed: { $amount } ₽. See the new message.
client-not-yours = This button is not for you.
client-approval-busy = Your answer is being sent already.
client-approval-failed = Your answer could not reach the workshop right now. Please try again in a few minutes.
client-comment-approved = approved by the client in Telegram: { $amount } ₽
client-comment-declined = declined by the client in Telegram: { $amount } ₽

## The receipt (QR)
client-receipt-unknown = The bot does not know this receipt.
client-receipt-heading = Order <b>{ $number }</b>
client-receipt-device = Device: { $device }
client-receipt-ready-yes = ✅ Ready for pick-up
client-receipt-ready-no = Not ready yet
client-receipt-not-held = This order's status is not available now. Please call the workshop.
client-receipt-offer = 📱 Get updates

## The shop's phone, questions, the id (issue 32.8)
client-call = 📞 { $phone }
client-call-plain = Or call { $phone }.
client-question = To write to the workshop here, share your phone first with /start; or call or visit us.
client-question-linked = Send text, a photo, a voice message or a document here: the workshop reads them and answers in this chat.
client-greeting-several = Hello! This is the bot of the workshops:
client-shop-line = • { $shop }
your-id = Your Telegram id: <code>{ $id }</code>
cmd-client-start = My orders
cmd-client-stop = Stop the messages about my orders
cmd-client-help = Help and the workshop's phone

## A repair declined or a device returned without repair (issue 32.5)
client-status-declined = repair declined: the device can be collected
client-status-returned = returned without repair
client-status-return-ready = no repair: the device can be collected

## What is approved, and ❌'s question (issue 32.6)
client-approval-verdict = 🔧 The master's verdict: { $verdict }
client-approval-estimate = 💰 The repair's estimate: <b>{ $amount } ₽</b>
client-approval-deadline = 📅 Ready by: { $date }
client-approval-shop = 🏠 Workshop: { $shop }
client-decline-ask = Decline the repair? The device will be returned without it.
client-decline-yes = ❌ Yes, decline
client-decline-back = ↩️ Back

## An answer whose outcome is not known (issue 33.5)
client-approval-unsure = ⏳ Not sure yet whether your answer on order <b>{ $number }</b> reached the workshop: checking. You will get a message here as soon as it is known.
client-approval-reached = The workshop has your answer.
client-approval-lost = ⚠️ Your answer on order <b>{ $number }</b> did not reach the workshop.
client-approval-still-unknown = ⚠️ It is still not known whether your answer on order <b>{ $number }</b> reached the workshop. Please call the workshop.

## Staff: an order in the approval status without a price (issue 32.7)
client-no-price = ⚠️ Order <b>{ $number }</b> is in “{ $status }”, but its client was not asked: the order has no price (no estimate and no priced works).
client-no-price-later = Set the estimate while the order waits: the client gets the question then.
client-no-price-unlinked = The client does not follow the bot either: please call them.
