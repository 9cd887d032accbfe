## The order card: the approximate price beside the price of works and parts (issue 26.6)
card-approx-price-beside = Preliminary price: { $price } (works and parts: { $works })
## /cash: one register's day (issue 26.7): income and expense without moves, then its moves
cash-register-today = ↳ today: income { $income } ₽, expense { $expense } ₽
cash-register-moves = ↳ moves between registers: in { $in } ₽, out { $out } ₽

## Commands and /help (issue 26)
cmd-client = Find a client by name or phone: their card and orders
cmd-deleted = Orders deleted lately (owners)
help-clients-viewer =
    👤 <b>Clients</b>
    • /client <i>name or phone</i> — the client's card with all their orders (👤 on an order card too)
help-clients-operator =
    👤 <b>Clients and mistakes</b>
    • /client <i>name or phone</i> — the client's card with all their orders (👤 on an order card too)
    • ✏️ Edit on the client card — fix a phone, a name, an e-mail…
    • 👤 Client → 🔁 on an order card — move the order to another client
    • 🗑 Delete on an order card — an order created by mistake
help-deleted = 🗑 /deleted — orders deleted lately, and who deleted them

## The client card (issue 26.1)
card-btn-client = 👤 Client
client-usage = Find a client by name, phone or e-mail: <code>/client Ivanov</code> or <code>/client 4567</code> ({ $min } to { $max } characters).
client-none = 👤 No client matches “{ $query }”.
client-found = 👤 Clients matching “{ $query }”: { $count }. Pick one:
client-found-extra = 👤 Clients found: { $count } (their card lists every order):
client-orders-only = 📜 { $count } orders read; the client's card could not be shown now.
client-card-title = 👤 <b>{ $name }</b>
client-card-type = Type: { $type }
client-card-phones = 📞 { $phones }
client-card-email = ✉️ { $email }
client-card-address = 🏠 { $address }
client-card-rating = Rating: { $mark }
client-card-roles = Buyer / vendor: { $roles }
client-role-buyer = buyer
client-role-vendor = vendor
client-card-messages = Messages: SMS { $sms } · e-mail { $email } · Telegram { $telegram }
client-card-source = Came from: { $source }
client-card-note = 📝 { $note }
client-card-orders = 🧾 Orders: { $count } (open first, newest first):
client-card-orders-held = 🧾 Orders the bot knows: { $count } (open first, newest first); 📜 reads the older ones:
client-card-no-orders = 🧾 No orders.
client-card-no-orders-held = 🧾 No order of this client is among those the bot knows; 📜 reads them from the CRM.
client-btn-older = 📜 All orders
client-btn-edit = ✏️ Edit
client-btn-move = 🔁 Another client for the order

## Deleted orders (issue 26.4, 29.10)
lookup-deleted = 🗑 Order <b>{ $number }</b> was deleted.
lookup-deleted-by = 🗑 Order <b>{ $number }</b> was deleted by { $name } on { $time }.
card-deleted = 🗑 <b>Deleted</b>
deleted-title = 🗑 <b>Deleted lately</b>: { $count }
deleted-line = • <b>{ $number }</b> { $what }
deleted-line-by = • <b>{ $number }</b> { $what } — deleted by { $name }, { $time }
deleted-none = 🗑 No order was deleted in the last { $days } days.

## Fixing a client (issue 26.2)
ce-title = ✏️ <b>Client { $name }</b>
ce-hint = Tap a field to change it; ✅ Save sends everything at once.
ce-field-name = Name
ce-field-phones = 📞 Phones
ce-field-email = ✉️ E-mail
ce-field-address = 🏠 Address
ce-field-rating = Rating
ce-field-roles = Buyer / vendor
ce-field-messages = Messages
ce-field-source = Came from
ce-field-note = 📝 Note
ce-field-custom = 🧩 Other fields
ce-field-type = Type
ce-btn-name = 👤 Name
ce-btn-phones = 📞 Phones
ce-btn-email = ✉️ E-mail
ce-btn-address = 🏠 Address
ce-btn-rating = 👍 Rating
ce-btn-roles = 🏷 Buyer / vendor
ce-btn-messages = 💬 Messages
ce-btn-source = 📣 Came from
ce-btn-note = 📝 Note
ce-btn-custom = 🧩 Other fields
ce-btn-save = ✅ Save
ce-btn-close = ✅ Done (no changes)
ce-btn-clear = 🗑 Clear
ce-btn-no-phone = 🗑 No phone
ce-btn-done = ✅ Done
ce-ask-name = The client's name (a person's full name or a company's):
ce-ask-phones = The client's phones, one per line (the first is the main one), at most { $max }. Now: { $current }
ce-phone-bad = “{ $phone }” is not a phone number. Send it as +7 900 123-45-67 or 8 900 123 45 67 (digits, spaces, dashes, brackets).
ce-too-many-phones = At most { $max } phones.
ce-ask-email = The client's e-mail. Now: { $current }
ce-ask-address = The client's address. Now: { $current }
ce-ask-note = A note about the client. Now: { $current }
ce-ask-rating = The client's rating:
ce-rating-positive = 👍 Good client
ce-rating-ordinary = — Ordinary
ce-rating-negative = 👎 Difficult client
ce-ask-roles = The client is a…
ce-role-buyer = Buyer
ce-role-vendor = Vendor
ce-role-both = Buyer and vendor
ce-role-none = Neither
ce-ask-messages = Which messages may the client get? Tap to switch, then ✅ Done.
ce-ask-source = Where did the client come from?
ce-no-sources = The CRM lists no advertising sources.
ce-ask-custom = Which field?
ce-no-custom = This client's type has no other fields.
ce-nothing = Nothing changed: client { $name } stays as it was.
ce-no-type = The CRM lists no client type: the client cannot be saved.
ce-failed = The CRM did not accept the client's change.
ce-saved = ✅ Client { $name } saved.
ce-saved-before = ✅ Client <b>{ $name }</b> was saved before the bot was interrupted.
ce-saved-after-all = ✅ Client <b>{ $name }</b> was saved after all (the CRM's answer was lost on the way).
ce-not-sent = ⚠️ The change of client <b>{ $name }</b> did not reach the CRM: nothing was saved. You can save it again.
ce-changed-meanwhile = ⚠️ Not saved: meanwhile someone changed this client in the CRM ({ $fields }). Nothing was overwritten. Here is the client as the CRM holds it now; press ✏️ Edit to make your change again.
ce-unknown = ⚠️ Whether the change of client <b>{ $name }</b> reached the CRM cannot be checked now: { $reason } Nothing is sent again before it is.

## A new client for an order (issue 26.3)
cc-failed = The CRM did not accept the new client.
cc-created-before = ✅ Client <b>{ $name }</b> was created before the bot was interrupted; the order was not moved yet: press 🔁 again.
cc-created-after-all = ✅ Client <b>{ $name }</b> was created after all; the order was not moved yet: press 🔁 again.
cc-not-sent = ⚠️ Client <b>{ $name }</b> was not created: the CRM did not get it. Nothing changed.
cc-unknown = ⚠️ Whether client <b>{ $name }</b> was created cannot be checked now: { $reason }

## An order's client (issue 26.3)
om-intro = 🔁 Order <b>{ $order }</b> belongs to <b>{ $client }</b>. Which client should it belong to?
om-same = Order { $order } already belongs to this client: nothing changed.
om-confirm = Move order <b>{ $order }</b> from <b>{ $from }</b> to <b>{ $to }</b>?
om-confirm-new = Create client <b>{ $to }</b> (📞 { $phone }) and move order <b>{ $order }</b> from <b>{ $from }</b> to them?
om-kept = Order { $order } stays with its client.
om-done = ✅ Order { $order } now belongs to { $client }.

## Deleting an order (issue 26.4)
card-btn-delete = 🗑 Delete
od-confirm = 🗑 Delete order <b>{ $order }</b>?
od-confirm-client = 👤 Client: { $client }
od-confirm-device = 📱 Device: { $device }
od-confirm-money = 💰 Money was taken on it.
od-no-undo = ⚠️ The CRM offers no undo: a deleted order cannot be brought back.
od-kept = Order { $order } was not deleted.
od-done = 🗑 Order { $order } deleted.
od-owner-only = Money was taken on this order: only an owner may delete it.
od-already-deleted = This order is deleted already.
od-failed = The CRM did not delete the order.
od-busy = ⏳ Order <b>{ $order }</b> is being deleted by another confirmation right now: nothing was sent twice. Look it up in a moment.
od-failed-grant = The CRM refused: the bot's API user lacks the “delete orders” permission (the delete grant in the CRM's API settings). Ask the CRM's administrator to grant it.
od-deleted-before = 🗑 Order <b>{ $order }</b> was deleted before the bot was interrupted.
od-deleted-after-all = 🗑 Order <b>{ $order }</b> was deleted after all (the CRM's answer was lost on the way).
od-not-sent = ⚠️ Order <b>{ $order }</b> was not deleted: the CRM did not get the request. It is still there.
od-unknown = ⚠️ Whether order <b>{ $order }</b> was deleted cannot be checked now: { $reason } Nothing is sent again before it is.
client-card-orders-more = The first { $shown } (open first, newest first) are buttons below; { $more } more: find them by number or with /find.

## The client card's marks and buttons
client-rating-up = 👍
client-rating-none = —
client-rating-down = 👎
client-mark-on = ✅
client-mark-off = ✖️
client-card-messages-value = SMS { $sms } · e-mail { $email } · Telegram { $telegram }
ce-msg-sms = SMS { $mark }
ce-msg-email = E-mail { $mark }
ce-msg-telegram = Telegram { $mark }
client-btn-open = 👤 { $name }
client-btn-open-phone = 👤 { $name } { $phone }
