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
