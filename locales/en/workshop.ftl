## The workshop: the card's verdict, works and parts, comments, photos, a debt at closing
card-verdict = 🩺 Verdict: { $verdict }
card-positions = 🧰 Works and parts:
card-position = { $icon } { $name } × { $count } — { $sum }
card-positions-more = … and { $count } more
card-comments = 💬 Comments ({ $count }):
card-comment = • <i>{ $head }</i>: { $text }
card-comment-bare = • { $text }
card-photos = 📷 Photos: { $count }
card-closed-debt = ⚠️ Closed with a debt: { $amount }
## A price typed as anything but a positive amount
price-bad-amount = Type the amount as a number, e.g. 1500 or 1,500.50.
## Labels: the card's button, the PNG's caption, a /start payload that is no genuine label
card-btn-label = 🏷 Label
label-caption = 🏷 Label of order { $number }: 58 mm, 203 dpi. The QR code opens the order's card in the bot.
label-caption-no-link = 🏷 Label of order { $number } (no QR code: the order's id is too long for a link).
label-unknown = This link opens no order. Find the order by its number.
## Photos of an order
card-btn-photos = 📷 Photos ({ $count })
card-btn-photos-add = 📷 Add photos
photos-kept = 📷 { $count ->
    [one] Kept { $count } photo
   *[other] Kept { $count } photos
} for order { $order } ({ $total } in all).
photos-how = To keep a photo for an order, send it in reply to the order's card or with the order's number as the caption.
photos-viewer = Only operators add photos. The photo was not kept.
photos-no-order = Found no single order with the number “{ $query }”. The photo was not kept: send it in reply to the order's card.
photos-send-now = 📷 Send the photos of order { $order } (an album is fine). I'll wait 15 minutes.
photos-none = The order has no photos kept.
photos-sent-private = 📷 The photos are in your chat with the bot.
photos-start-bot = Open the chat with the bot (/start) first: the photos go there.
photos-caption = 📷 Photos of order { $order }
photos-comment = 📷 Device photos were added in Telegram.
## Stuck orders: /overdue stuck and the morning digest
stuck-title = 🐢 Stuck orders (no change for { $days } { $days ->
    [one] day
   *[other] days
} or past their status's norm)
stuck-heading = 🐢 Stuck orders: { $total } (no change for { $days } { $days ->
    [one] day
   *[other] days
} or past their status's norm). Page { $page } of { $pages }:
stuck-none = 🐢 No stuck orders ({ $scope }): every open order changed within { $days } { $days ->
    [one] day
   *[other] days
} and is within its status's norm.
digest-stuck = 🐢 <b>Stuck</b> ({ $count }):
## Status change: the current status picked again while the order owes money
st-debt-how = ⚠️ The order is in this status already, but { $amount } is unpaid. The service takes a payment only when an order enters a status that requires one ({ $statuses }): move the order to such a status and enter the payment at its payment step, then set the status you need again.
st-debt-how-none = ⚠️ The order is in this status already, but { $amount } is unpaid. The service takes a payment only when an order enters a status that requires one; the bot knows no such status: take the payment in the service itself.
## Diagnosis: the summary of the order's values, a button per field, ✅ Save with one change
card-btn-diagnosis = 🩺 Diagnosis
dx-title = 🩺 <b>Diagnosis of order { $order }</b>
dx-hint = Tap a field to change it; ✅ Save sends all the changes at once.
dx-field-verdict = Verdict
dx-field-price = Preliminary price
dx-field-deadline = Deadline
dx-field-urgent = Urgent
dx-field-faults = Faults
dx-field-equipment = Equipment
dx-field-appearance = Appearance
dx-field-device = Device
dx-field-serial = Serial number
dx-btn-verdict = 🩺 Verdict
dx-btn-price = 💰 Price
dx-btn-deadline = 📅 Deadline
dx-btn-urgent = 🔥 Urgency
dx-btn-faults = 🛠 Faults
dx-btn-equipment = 📦 Equipment
dx-btn-appearance = 🔍 Appearance
dx-btn-device = 📱 Device
dx-btn-serial = 🔢 Serial number
dx-btn-save = ✅ Save
dx-btn-close = ✅ Done (nothing changed)
dx-ask-verdict = The master's verdict (what was found, what is proposed):
dx-ask-price = Preliminary price, ₽:
dx-ask-urgent = Is the order urgent?
dx-ask-faults = Faults (one per line):
dx-ask-equipment = Equipment (one item per line):
dx-ask-appearance = Appearance (one note per line):
dx-ask-device-type = Device type:
dx-ask-brand = Brand:
dx-ask-model = Model:
dx-ask-serial = Serial number:
dx-saved = ✅ Diagnosis of order { $order } saved.
dx-nothing = Nothing changed; order { $order } is left as it was.

# The order card: a custom field (its name and value as the service has them)
card-field = 📌 { $name }: { $value }
