## The workshop bench: the card's verdict, works and parts, comments, photos, a debt at closing
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
