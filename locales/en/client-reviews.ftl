# Reviews after pick-up (features/client-reviews): the client's texts in their language, the owners' in theirs.
review-ask = Order <b>{ $number }</b> ({ $device }) was handed over. How was the repair? Please rate it from 1 to 5 ★: one tap.
review-btn-stars = { $stars } ★
review-thanks-good = Thank you for { $stars } ★! A review would mean a lot to the workshop.
review-thanks-good-plain = Thank you for { $stars } ★! We are glad you liked it.
review-btn-url = ⭐ Leave a review
review-thanks-low = Thank you for your honest rating ({ $stars } ★). We are sorry it was not all right: the workshop's owner will call you. If you like, tell us here in a few words what went wrong (optional).
review-words-thanks = Thank you, your words went to the owner. They will call you.
review-already = You have rated this order already, thank you!
review-low-staff = ⚠️ A low rating from a client: { $stars } ({ $count } of 5), order <b>{ $number }</b>
review-low-client = Client: { $name }
review-low-phone = Phone: { $phone }
review-low-device = Device: { $device }
review-low-master = Master: { $master }
review-low-master-none = Master: none assigned
review-low-told = The client was told the owner will call. If they add a few words, those follow.
review-low-words = 💬 The client's words: { $words }
review-btn-card = 📋 { $number }
report-master-rating = ★ { $average } ({ $count } { $count ->
    [one] review
   *[other] reviews
})
