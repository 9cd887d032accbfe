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

## Start and help
start-operator =
    👋 Hello, { $name }! You are an <b>operator</b>.
    
    • Send an order number — <code>1042</code>, <code>А-001042</code> or <code>#1042</code> — or use /order 1042.
    • In any chat type <code>@{ $bot } 1042</code> to share an order card.
    • /status — connection to the service and the request quota.
    • /language — change the language.
start-viewer =
    👋 Hello, { $name }! You can <b>look orders up</b>.
    
    • Send an order number — <code>1042</code>, <code>А-001042</code> or <code>#1042</code> — or use /order 1042.
    • In any chat type <code>@{ $bot } 1042</code> to share an order card.
    • /language — change the language.
help = { start-help-title }
    
    /order <i>number</i> — find an order (digits: exact number; with letters: part of the number)
    /status — service connection and quota (operators)
    /language — change the language
    /help — this help
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
btn-open-bot = Open the bot

## Order lookup
lookup-usage = Send the order number after the command, for example: <code>/order 1042</code>
lookup-none-num = 🔍 No order with the number <b>{ $num }</b> (exact match) in { $scope }.
lookup-none-text = 🔍 No order whose number contains «<b>{ $query }</b>» in { $scope }.
lookup-scope-all = all workshops
lookup-scope-shops = the workshops { $shops }
lookup-many = 🔍 Found { $total ->
        [one] { $total } order
       *[other] { $total } orders
    } for «<b>{ $query }</b>». Page { $page } of { $pages }:
lookup-many-more = Showing the first { $shown }; refine the number to see the rest.
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
card-unknown = —
money = { NUMBER($amount, minimumFractionDigits: 0, maximumFractionDigits: 2) } ₽

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
status-operators-only = Only operators can see the service status.
status-title = 📊 <b>Service status</b>
status-connection-ok = Connection: ✅ working ({ $kind })
status-connection-fail = Connection: ❌ { $error }
status-kind-sandbox = built-in sandbox
status-kind-remote = service
status-quota = Requests left: <b>{ $remaining }</b>
status-quota-unknown = Requests left: unknown yet
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
cmd-status = Service connection and quota
cmd-language = Change the language
cmd-help = Help
