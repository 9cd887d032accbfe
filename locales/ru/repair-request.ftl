# A client's repair request (issue 36.5). The client's texts (their language):
repair-btn-request = 📥 Заявка на ремонт
repair-share-first = Чтобы оставить заявку на ремонт, сначала поделитесь своим номером телефона кнопкой ниже: так мастерская узнает вас.
repair-ask-device-earlier = 📥 Заявка на ремонт. Какое устройство? Выберите из своих или напишите.
repair-ask-device = 📥 Заявка на ремонт. Какое устройство? Напишите, например: «Телефон Samsung A52».
repair-ask-fault = Что случилось с устройством «{ $device }»? Опишите неисправность.
repair-ask-when = Когда сможете принести устройство? Выберите или напишите.
repair-when-today = Сегодня
repair-when-tomorrow = Завтра
repair-when-week = На этой неделе
repair-btn-cancel = ✖ Отмена
repair-cancelled = Заявка отменена.
repair-answer-length = Пожалуйста, от 2 до { $limit } символов.
repair-sent = ✅ Заявка отправлена в мастерскую. Когда её примут, мы пришлём номер заказа.
repair-not-sent = Заявку сейчас некому принять. Пожалуйста, позвоните в мастерскую.
repair-too-many = Сегодня вы уже оставили несколько заявок. Если нужно ещё, напишите нам или позвоните в мастерскую.
repair-taken = ✅ Ваша заявка на ремонт принята: заказ <b>{ $number }</b>.
repair-taken-no-number = ✅ Ваша заявка на ремонт принята, заказ создан.
# The staff's texts (their language):
repair-inbox-title = 📥 <b>Заявка на ремонт</b>
repair-inbox-device = Устройство: { $device }
repair-inbox-fault = Неисправность: { $fault }
repair-inbox-when = Принесёт: { $when }
repair-btn-take-in = 📥 Принять
repair-already-taken = Заявка уже принята: заказ { $number }.
repair-take-in-private = Заявка отправлена вам в личный чат с ботом: примите её там.
repair-start-bot = Сначала откройте личный чат с ботом (/start): приём заказа идёт там.
new-from-request = 📥 По заявке клиента: клиент, устройство и неисправность уже заполнены. Принесёт: { $when }.
