# Every text a user reads. Keys are the same in ru.ftl and en.ftl (a test checks).
# HTML is allowed where the message is sent with parse_mode HTML; values are escaped by the code.

## General
apology = 😔 Sorry, something went wrong on our side. Please try again.
refusal = ⛔ This bot is for the staff of the repair shop. Your Telegram id: <code>{ $id }</code> — send it to the administrator to get access.
refusal-short = ⛔ No access. Your Telegram id: { $id }
read-only = 👀 You can look orders up, but changes are for operators only.
stale-button = This button is outdated.
unhandled = I did not understand that. Send an order number (for example <code>1042</code>) or /help.
unhandled-callback = This button no longer works.
chat-only-button = This button works only in the chat with the bot.

## Start and help
start-operator = 👋 Hello, { $name }! You are an <b>operator</b>.
start-viewer = 👋 Hello, { $name }! You can <b>look orders up</b>.
help-find =
    🔍 <b>Find an order</b>
    • send its number: <code>1042</code> (exact), <code>А001042</code> or a part with letters <code>А0010</code>; or /order 1042
    • in any chat: <code>@{ $bot } 1042</code> to share the card
help-write =
    ✏️ <b>Work with orders</b>
    • /new — new order
    • /status <i>number</i> — change its status (or 🔁 Status on the card)
    • /cancel — leave the current dialog
help-staff = 👥 <b>Staff</b>: /masters, /managers, /staff <i>[name]</i>
help-other-operator = ⚙️ /status — service and quota · /language — language · /help
help-other-viewer = ⚙️ /status — service and quota · /language — language · /help
start-help-title = ℹ️ <b>What I can do</b>

## Language
language-choose = Choose the language:
language-set = ✅ The language is now English.
language-name-ru = 🇷🇺 Русский
language-name-en = 🇬🇧 English

## Buttons
btn-refresh = 🔄 Refresh
btn-retry = 🔁 Try again
btn-prev = ◀️ Back
btn-next = Next ▶️

## Order lookup
lookup-usage = Send the order number after the command, for example: <code>/order 1042</code>
lookup-none-num = 🔍 No order with the number <b>{ $num }</b> { $scope } (exact match).
lookup-none-text = 🔍 No order whose number contains “<b>{ $query }</b>” { $scope }.
lookup-hint-partial = Digits alone find the exact number only. A part of a number with its prefix finds every number containing it: <code>{ $example }</code> finds { $from }–{ $to }.
lookup-hint-partial-generic = Digits alone find the exact number only. To search by part of the number, type it with its letters, as on the receipt (for example <code>А00104</code>).
lookup-scope-all = in any workshop
lookup-scope-shops = { $count ->
        [one] in the workshop { $shops }
       *[other] in the workshops { $shops }
    }
lookup-many = 🔍 Found { $total ->
        [one] { $total } order
       *[other] { $total } orders
    } for “<b>{ $query }</b>”. Page { $page } of { $pages }:
lookup-list-outdated = This list is outdated — search again.
refresh-same = Nothing changed.
refresh-done = Updated.

## Order card
card-title = 🧾 <b>Order { $number }</b>
card-status = Status: <b>{ $status }</b>
card-urgent = 🔥 Urgent
card-overdue = ⏰ Overdue
card-type = Type: { $type }
card-shop = Workshop: { $shop }
card-device = 📱 Device: { $device }
card-serial = Serial number: <code>{ $sn }</code>
card-faults = 🛠 Faults: { $faults }
card-client = 👤 Client: { $name }
card-phones = 📞 { $phones }
card-master = Master: { $name }
card-manager = Manager: { $name }
card-created = Created: { $date }
card-deadline = Deadline: { $date }
card-price = 💰 Price: { $amount }
card-approx-price = Preliminary price: { $price }
card-paid = Paid: { $amount }
card-note = 📝 Note: { $note }
money = { $amount } ₽

## Service errors
err-quota = ⏳ The service's request limit is reached. It resets at { $time }; please try again after that.
err-quota-unknown = ⏳ The service's request limit is reached. Please try again in a few minutes.
err-unavailable = 📡 The service is not answering right now. Nothing is lost — try again.
err-not-found = 🔍 The service has no such record (it may have been deleted).
err-auth = 🔐 The bot cannot log in to the service. Please tell the administrator.
err-forbidden = 🚫 The service does not allow the bot to do this.
err-bad-request = ⚠️ The service refused: { $message }
err-bad-response = ⚠️ The service answered something the bot does not understand. Try again later.
err-validation = ⚠️ The request is not valid: { $message }

## /status
status-title = 📊 <b>Service status</b>
status-connection-ok = Connection: ✅ working ({ $kind })
status-connection-fail = Connection: ❌ { $error }
status-kind-sandbox = built-in sandbox
status-kind-remote = service
status-quota = Requests left: <b>{ $remaining }</b>
status-quota-unknown = Requests left: unknown yet
status-quota-off = Request quota: not counted (the embedded sandbox runs without one)
status-reset = Resets at: { $time }
status-shops = Workshops: { $shops }

## Inline mode
inline-hint = Type an order number (at least 3 characters)
inline-no-results = Nothing found
inline-result-title = { $number } · { $status }
inline-result-description = { $client } · { $device }

## Commands (menu)
cmd-start = Start and help
cmd-order = Find an order by number
cmd-status = Change an order's status [number]; the service and quota
cmd-language = Change the language
cmd-help = Help

## Dialogs: common
cmd-new = New order
cmd-cancel = Cancel the current dialog
cmd-masters = Masters [name]
cmd-managers = Managers [name]
cmd-staff = Staff [name]
dlg-btn-cancel = ✖ Cancel
dlg-btn-skip = ⏭ Skip
dlg-btn-yes = ✅ Yes
dlg-btn-no = ❌ No
dlg-btn-done = ✔ Done
dlg-yes = yes
dlg-no = no
dlg-none = —
dlg-cancelled = Dialog cancelled. Nothing was changed.
dlg-expired = The dialog expired (no answer for a long time) and was closed. Please start again.
dlg-nothing-to-cancel = There is nothing to cancel.
dlg-stale-button = This button is outdated.
dlg-not-yours = This button belongs to someone else's dialog.
dlg-repeat-step = Let's repeat this step.
dlg-use-buttons = Please choose with a button below.
dlg-need-text = Text is needed here: photos, stickers and files do not fit.
dlg-command-in-dialog = A dialog is in progress. Answer the question (/order N shows an order meanwhile), or send /cancel to leave it.
dlg-too-long-field = Too long: { $limit } { $limit ->
    [one] character
   *[other] characters
} at most.
dlg-left-service = The dialog was closed; please try again later.
dlg-skipped-service = This part is left out for now; everything else you entered stays.
dlg-no-shops = The service lists no workshops you can use.
dlg-no-order-types = The service lists no order types.
dlg-private-only = Dialogs run only in the private chat with the bot.
dlg-busy = Finish the current dialog first, or send /cancel.
dlg-field-required = <b>{ $name }</b> (required). { $hint }
dlg-field-optional = <b>{ $name }</b>. { $hint }
dlg-field-hint-text = Type the text.
dlg-field-hint-number = Type a number.
dlg-field-hint-date = Type a date, e.g. 12/25 or 12/25/2026.
dlg-field-hint-boolean = Choose yes or no.
dlg-field-hint-choice = Choose an option.
dlg-bad-number = That is not a number. For example: 3 or 2.5.
dlg-bad-date = I could not read the date. Examples: 12/25, 12/25 15:00, 12/25/2026, tomorrow.
pay-cash = cash
pay-bank = bank
pay-ask-method = How does the client pay?
pay-method-cash = 💵 Cash
pay-method-bank = 💳 Bank
pay-method-mixed = 💵+💳 Both
pay-ask-cash = Amount in cash (e.g. 1500 or 1500.50):
pay-ask-bank = Amount by bank (e.g. 1500 or 1500.50):
pay-bad-amount = A positive amount is needed, with at most two decimals.
# Typed answers the bot cannot take, and why
pay-amount-too-large = The amount is too large: at most { $max } ₽.
pay-amount-cash = { $amount } ₽ cash
pay-amount-bank = { $amount } ₽ bank

## Dialogs: /new
new-intro = 📝 New order. Cancel at any time: /cancel
new-ask-shop = Workshop:
new-ask-type = Order type:
new-ask-client = Client: type a phone number or a name to search.
new-client-query-bad = Type a phone number or a name (2 to 100 characters).
new-client-none = Nobody found for “{ $query }”.
new-btn-new-client = ➕ New client
new-btn-search-again = 🔎 Search again
new-ask-client-name = Name of the new client:
new-ask-client-phone = Client's phone:
new-ask-client-email = Client's e-mail:
new-client-phone-bad = That is not a phone number here: for example +7 900 123-45-67 or 8 900 123 45 67 (another country's number with its + and code).
new-client-email-bad = That does not look like an e-mail address, for example ivan@example.com.
new-ask-client-address = Client's address:
new-client-is-new = new
new-ask-device-type = Device type (e.g. smartphone):
new-ask-brand = Brand:
new-ask-model = Model:
new-ask-sn = Serial number / IMEI:
new-ask-problem = Faults (one or several lines):
new-ask-complete-set = Equipment:
new-ask-appearance = Appearance:
new-ask-color = Colour:
new-ask-price = Preliminary price:
new-ask-deadline = Deadline: pick one or type a date (12/25, 25.12, 12/25 15:00, tomorrow).
new-ask-master = Master:
new-ask-urgent = Is the order urgent?
new-ask-how-know = How did the client learn about us?
new-ask-optional-fields = Optional fields: fill any of them, or press “Done”.
new-ask-prepayment = Prepayment: pick a register, or “No prepayment”.
new-btn-no-prepayment = No prepayment
new-summary-title = <b>Check the order</b>
new-sum-shop = Workshop: { $value }
new-sum-type = Type: { $value }
new-sum-client = Client: { $value }
new-sum-device = Device: { $value }
new-sum-sn = Serial number: { $value }
new-sum-problem = Faults: { $value }
new-sum-complete-set = Equipment: { $value }
new-sum-appearance = Appearance: { $value }
new-sum-color = Colour: { $value }
new-sum-price = Preliminary price: { $value }
new-sum-deadline = Deadline: { $value }
new-sum-master = Master: { $value }
new-sum-urgent = Urgent: { $value }
new-sum-how-know = Source: { $value }
new-sum-prepayment = Prepayment: { $value }
new-btn-confirm = ✅ Create
new-btn-retry = 🔁 Retry
new-btn-edit = ✏️ Edit
new-ask-edit = What to change?
new-part-shop = Workshop
new-part-type = Order type
new-part-client = Client
new-part-device = Device type
new-part-fields = Required fields
new-created = ✅ Order created.
new-created-no-card = ✅ Order created, but its card cannot be loaded right now.

## Dialogs: status change, card actions, staff
card-btn-status = 🔁 Status
card-btn-comment = 💬 Comment
card-btn-master = 🔧 Master
card-btn-manager = 👤 Manager
st-header = Order <b>{ $order }</b>, now: <b>{ $status }</b>
st-ask-status = Choose the new status (💰 requires payment):
st-same-status = The order is in this status already; choose another.
st-ask-payment = This status requires payment. Pick a register, or “No payment”.
st-btn-no-payment = No payment
# The status change's confirmation: the payment's note offered as a button (not asked)
st-btn-note = 📝 Payment note
st-ask-note = Payment note:
st-ask-pay-optional = Whether this status requires a payment is not known. Take a payment now?
st-ask-register = Payment: pick a register, or “No payment”.
st-pay-refused = The service may not accept a payment in this status: try again without a payment.
st-no-statuses = The service does not list statuses and none are known yet: open a few orders first, or set STATUSES.
st-confirm = Change the status of order <b>{ $order }</b>: { $from } → <b>{ $to }</b>?
st-confirm-payment = Payment: { $register }, { $amounts }
st-confirm-note = Note: { $note }
st-done = ✅ Status changed: { $status }
st-failed = ❌ The service did not change the status.
st-ask-retry = Try again?
st-not-found = Order “{ $query }” not found.
st-pick-order = Several orders match; pick one:
act-no-shop = The order has no workshop.
act-no-masters = The order's workshop has no masters.
act-no-managers = The order's workshop has no managers.
act-ask-master = Order <b>{ $order }</b>, master now: { $current }. Choose the master:
act-ask-manager = Order <b>{ $order }</b>, manager now: { $current }. Choose the manager:
act-master-done = ✅ Master assigned: { $name }
act-manager-done = ✅ Manager assigned: { $name }
act-ask-comment = Comment on order <b>{ $order }</b>:
act-comment-done = ✅ Comment added to order <b>{ $order }</b>.
act-failed = ❌ The service did not accept the change.
staff-title-masters = 🔧 Masters
staff-title-managers = 👤 Managers
staff-title-staff = 👥 Staff
staff-header = <b>{ $title }</b>: { $count } (page { $page } of { $pages })
staff-filter = Filter: “{ $filter }”
staff-none = The list is empty.
staff-none-filter = Nobody with “{ $filter }” in the name.
staff-failed = The list cannot be loaded right now.
staff-ask-shop = <b>{ $title }: which workshop?</b>
staff-shop = Workshop: { $shop }
staff-no-shops = The service lists no workshops.
