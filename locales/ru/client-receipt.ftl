# The receipt in the client's Telegram (issue 36.4): in the client's language; the comment in the documents' language.
client-receipt-caption = 🧾 Квитанция к заказу <b>{ $number }</b>. В ней условия ремонта: прочитайте их и нажмите «✅ Принимаю условия».
client-receipt-caption-plain = 🧾 Квитанция к заказу <b>{ $number }</b> с условиями ремонта.
client-receipt-accept = ✅ Принимаю условия
client-receipt-accepted = ✅ Спасибо! Условия ремонта по заказу <b>{ $number }</b> приняты ({ $at }).
client-receipt-already = Условия по этому заказу уже приняты.
client-receipt-busy = Записываем, секунду…
client-receipt-failed = Не получилось записать согласие. Попробуйте ещё раз чуть позже.
client-receipt-comment = ✅ { $phrase }, телефон { $phone }, { $at }
