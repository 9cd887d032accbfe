## The workshop bench: the card's verdict, works and parts, comments, photos, a debt at closing
card-verdict = 🩺 Заключение: { $verdict }
card-positions = 🧰 Работы и запчасти:
card-position = { $icon } { $name } × { $count } — { $sum }
card-positions-more = … и ещё { $count }
card-comments = 💬 Комментарии ({ $count }):
card-comment = • <i>{ $head }</i>: { $text }
card-comment-bare = • { $text }
card-photos = 📷 Фото: { $count }
card-closed-debt = ⚠️ Заказ закрыт с долгом: { $amount }
## A price typed as anything but a positive amount
price-bad-amount = Нужна сумма числом, например 1500 или 1 500,50.
## Labels: the card's button, the PNG's caption, a /start payload that is no genuine label
card-btn-label = 🏷 Этикетка
label-caption = 🏷 Этикетка заказа { $number }: 58 мм, 203 dpi. QR-код открывает карточку заказа в боте.
label-caption-no-link = 🏷 Этикетка заказа { $number } (без QR-кода: номер заказа слишком длинный для ссылки).
label-unknown = Эта ссылка не открывает ни один заказ. Найдите заказ по номеру.
