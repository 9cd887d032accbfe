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
