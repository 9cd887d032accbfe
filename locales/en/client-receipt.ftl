# The receipt in the client's Telegram (issue 36.4): in the client's language; the comment in the documents' language.
client-receipt-caption = 🧾 The receipt of order <b>{ $number }</b>. It holds the terms of repair: please read them and press "✅ I accept the terms".
client-receipt-caption-plain = 🧾 The receipt of order <b>{ $number }</b> with the terms of repair.
client-receipt-accept = ✅ I accept the terms
client-receipt-accepted = ✅ Thank you! The terms of repair of order <b>{ $number }</b> are accepted ({ $at }).
client-receipt-already = The terms of this order are accepted already.
client-receipt-busy = Recording it, one moment…
client-receipt-failed = Your acceptance could not be recorded. Please try again a little later.
client-receipt-comment = ✅ { $phrase }, phone { $phone }, { $at }
