## The workshop: the card's verdict, works and parts, comments, photos, a debt at closing
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
## Photos of an order
card-btn-photos = 📷 Фото ({ $count })
card-btn-photos-add = 📷 Добавить фото
photos-kept = 📷 { $count ->
    [one] Сохранено { $count } фото
   *[other] Сохранено фото: { $count }
} для заказа { $order } (всего { $total }).
photos-how = Чтобы сохранить фото для заказа, отправьте его ответом на карточку заказа или с номером заказа в подписи.
photos-viewer = Добавлять фото могут только операторы. Фото не сохранено.
photos-no-order = Не нашёл один заказ с номером «{ $query }». Фото не сохранено: отправьте его ответом на карточку заказа.
photos-send-now = 📷 Отправьте фото для заказа { $order } (можно альбомом). Жду 15 минут.
photos-none = У заказа нет сохранённых фото.
photos-sent-private = 📷 Фото отправлены в ваш чат с ботом.
photos-start-bot = Сначала откройте чат с ботом (/start): фото придут туда.
photos-caption = 📷 Фото заказа { $order }
photos-comment = 📷 В Telegram добавлены фото устройства.
## Stuck orders: /overdue stuck and the morning digest
stuck-title = 🐢 Зависшие заказы (без изменений { $days } дн. или дольше нормы статуса)
stuck-heading = 🐢 Зависшие заказы: { $total } (без изменений { $days } дн. или дольше нормы статуса). Страница { $page } из { $pages }:
stuck-none = 🐢 Зависших заказов нет ({ $scope }): все открытые менялись за последние { $days } дн. и укладываются в норму статуса.
digest-stuck = 🐢 <b>Зависли</b> ({ $count }):
## Status change: the current status picked again while the order owes money
st-debt-how = ⚠️ Заказ уже в этом статусе, но не оплачено { $amount }. Сервис принимает оплату только при переходе в статус, который её требует ({ $statuses }): переведите заказ в такой статус и внесите оплату на шаге оплаты, затем верните нужный статус.
st-debt-how-none = ⚠️ Заказ уже в этом статусе, но не оплачено { $amount }. Сервис принимает оплату только при переходе в статус, который её требует; таких статусов бот не знает — примите оплату в самом сервисе.
## Diagnosis: the summary of the order's values, a button per field, ✅ Save with one change
card-btn-diagnosis = 🩺 Диагностика
dx-title = 🩺 <b>Диагностика заказа { $order }</b>
dx-hint = Нажмите поле, чтобы изменить его; ✅ Сохранить отправит все изменения разом.
dx-field-verdict = Заключение
dx-field-price = Предварительная стоимость
dx-field-deadline = Срок
dx-field-urgent = Срочный
dx-field-faults = Неисправности
dx-field-equipment = Комплектация
dx-field-appearance = Внешний вид
dx-field-device = Устройство
dx-field-serial = Серийный номер
dx-btn-verdict = 🩺 Заключение
dx-btn-price = 💰 Стоимость
dx-btn-deadline = 📅 Срок
dx-btn-urgent = 🔥 Срочность
dx-btn-faults = 🛠 Неисправности
dx-btn-equipment = 📦 Комплектация
dx-btn-appearance = 🔍 Внешний вид
dx-btn-device = 📱 Устройство
dx-btn-serial = 🔢 Серийный номер
dx-btn-save = ✅ Сохранить
dx-btn-close = ✅ Готово (без изменений)
dx-ask-verdict = Заключение мастера (что нашли и что предлагаете):
dx-ask-price = Предварительная стоимость, ₽:
dx-ask-urgent = Срочный заказ?
dx-ask-faults = Неисправности (каждая с новой строки):
dx-ask-equipment = Комплектация (каждый предмет с новой строки):
dx-ask-appearance = Внешний вид (каждая отметка с новой строки):
dx-ask-device-type = Тип устройства:
dx-ask-brand = Марка:
dx-ask-model = Модель:
dx-ask-serial = Серийный номер:
dx-saved = ✅ Диагностика заказа { $order } сохранена.
dx-nothing = Ничего не изменилось, заказ { $order } не тронут.

# Карточка заказа: дополнительное поле (название и значение, как в сервисе)
card-field = 📌 { $name }: { $value }
