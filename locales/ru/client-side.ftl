## Сторона клиента (CLIENTS=on): приветствие, привязка по телефону, заказы клиента, согласование, квитанция
client-greeting = Здравствуйте! Это бот мастерской <b>{ $shop }</b>.
client-greeting-unnamed = Здравствуйте! Это бот мастерской.
client-address = 📍 { $address }
client-hours = 🕘 { $hours }
client-hours-closing = 🕘 Работаем до { $time }
client-share-ask = Чтобы видеть свои заказы и получать сообщения о готовности, поделитесь своим номером телефона кнопкой ниже. Номер должен быть тем, что вы назвали в мастерской.
client-share-button = 📱 Поделиться номером
client-contact-not-own = Можно поделиться только своим номером: кнопкой «📱 Поделиться номером» внизу.
client-contact-unknown = По этому номеру заказов не нашлось. Если в мастерской записан другой номер, позвоните нам.
client-contact-shared = Этот номер записан в мастерской у нескольких клиентов, поэтому заказы по нему показать нельзя. Попросите мастерскую записать номер только за вами.
client-linked = ✅ Готово: вы будете получать сообщения о своих заказах. Отписаться: /stop
client-linked-consent-later = ✅ Готово. Отметить согласие на сообщения в мастерской сейчас не удалось: поделитесь номером ещё раз чуть позже. Отписаться: /stop
client-orders-heading = { $count ->
        [one] Ваш заказ:
       *[other] Ваши заказы:
    }
client-orders-none = Сейчас открытых заказов нет.
client-order-title = <b>{ $number }</b> · { $device }
client-order-no-device = устройство
client-order-status = Статус: { $status }
client-order-estimate = Оценка: { $amount } ₽
client-order-due = К оплате: { $amount } ₽
client-order-paid = Оплачено полностью
client-order-deadline = Срок: { $date }
client-order-where = 📍 { $address }
client-status-accepted = принят
client-status-diagnosis = на диагностике
client-status-in-work = в работе
client-status-waiting-parts = ждёт запчасть
client-status-waiting = ожидание
client-status-approval = ждёт вашего согласования
client-status-ready = ✅ готов, можно забирать
client-status-handed-over = выдан
client-stop-done = Вы отписались: сообщений о заказах больше не будет. Вернуться: /start
client-stop-done-later = Вы отписались: бот больше не пришлёт сообщений о заказах. Система мастерской пока не приняла изменение; бот отметит его там, как только она ответит. Вернуться: /start
client-stop-none = Вы не подписаны. Подписаться: /start
client-help = Нажмите /start, чтобы увидеть свои заказы, или /stop, чтобы отписаться.
client-too-fast = Слишком много сообщений. Подождите минуту.
client-too-many-links = Сегодня вы уже несколько раз подписывались и отписывались. Попробуйте завтра.
client-private-only = Этот бот отвечает клиентам только в личном чате.

## Сообщения привязанным клиентам
client-notify-ready = ✅ Заказ <b>{ $number }</b> ({ $device }) готов, можно забирать.
client-notify-status = Заказ <b>{ $number }</b> ({ $device }): { $status }.
client-notify-approval = Заказ <b>{ $number }</b> ({ $device }) ждёт вашего согласования.
client-approve = ✅ Согласовать
client-decline = ❌ Отказаться

## Согласование одним нажатием
client-approved = ✅ Вы согласовали ремонт заказа <b>{ $number }</b> на { $amount } ₽. Спасибо!
client-declined = ❌ Вы отказались от ремонта заказа <b>{ $number }</b>: устройство вернут без ремонта, его можно забрать.
client-already-approved = По этому заказу уже согласовано.
client-already-declined = От ремонта по этому заказу уже отказались.
client-moved-on = Заказ уже в другом статусе: { $status }.
client-estimate-changed = Оценка изменилась: { $amount } ₽. Смотрите новое сообщение.
client-not-yours = Эта кнопка не для вас.
client-approval-busy = Ответ уже отправляется.
client-approval-failed = Не удалось передать ответ мастерской сейчас. Попробуйте через несколько минут.
client-comment-approved = согласовано клиентом в Telegram: { $amount } ₽
client-comment-declined = клиент отказался в Telegram от ремонта на { $amount } ₽

## Квитанция (QR)
client-receipt-unknown = Такой квитанции бот не знает.
client-receipt-heading = Заказ <b>{ $number }</b>
client-receipt-device = Устройство: { $device }
client-receipt-ready-yes = ✅ Готов, можно забирать
client-receipt-ready-no = Ещё не готов
client-receipt-not-held = Статус этого заказа сейчас недоступен. Позвоните в мастерскую.
client-receipt-offer = 📱 Получать новости

## Телефон мастерской, вопросы, id (задача 32.8)
client-call = 📞 { $phone }
client-call-plain = Или позвоните: { $phone }.
client-question = Чтобы написать мастерской здесь, сначала поделитесь телефоном: /start. Или позвоните, или зайдите к нам.
client-question-linked = Присылайте сюда текст, фото, голосовое или файл: мастерская прочитает и ответит в этом чате.
client-greeting-several = Здравствуйте! Это бот мастерских:
client-shop-line = • { $shop }
your-id = Ваш id в Telegram: <code>{ $id }</code>
cmd-client-start = Мои заказы
cmd-client-stop = Отписаться от сообщений о заказах
cmd-client-help = Помощь и телефон мастерской

## Отказ от ремонта, возврат без ремонта (задача 32.5)
client-status-declined = от ремонта отказались: устройство можно забрать
client-status-returned = возвращён без ремонта
client-status-return-ready = без ремонта: устройство можно забрать

## Что согласуется, и вопрос перед ❌ (задача 32.6)
client-approval-verdict = 🔧 Заключение мастера: { $verdict }
client-approval-estimate = 💰 Стоимость ремонта: <b>{ $amount } ₽</b>
client-approval-deadline = 📅 Срок: { $date }
client-approval-shop = 🏠 Мастерская: { $shop }
client-decline-ask = Отказаться от ремонта? Устройство вернут без ремонта.
client-decline-yes = ❌ Да, отказаться
client-decline-back = ↩️ Назад

## Ответ, исход которого неизвестен (задача 33.5)
client-approval-unsure = ⏳ Пока неясно, дошёл ли ваш ответ по заказу <b>{ $number }</b> до мастерской: проверяем. Как только станет известно, напишем здесь.
client-approval-reached = Мастерская получила ваш ответ.
client-approval-lost = ⚠️ Ваш ответ по заказу <b>{ $number }</b> не дошёл до мастерской.
client-approval-still-unknown = ⚠️ До сих пор неясно, дошёл ли ваш ответ по заказу <b>{ $number }</b> до мастерской. Пожалуйста, позвоните в мастерскую.

## Сотрудникам: заказ в статусе согласования без цены (задача 32.7)
client-no-price = ⚠️ Заказ <b>{ $number }</b> в статусе «{ $status }», но клиента не спросили: у заказа нет цены (ни оценки, ни расценённых работ).
client-no-price-later = Укажите оценку, пока заказ ждёт: клиенту сразу придёт вопрос.
client-no-price-unlinked = К тому же клиент не подписан на бота: позвоните ему.
