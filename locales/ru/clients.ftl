## Карточка заказа: предварительная стоимость рядом с ценой работ и запчастей (задача 26.6)
card-approx-price-beside = Предварительная стоимость: { $price } (работы и запчасти: { $works })
## /cash: день одной кассы (задача 26.7): приход и расход без перемещений, перемещения отдельно
cash-register-today = ↳ сегодня: приход { $income } ₽, расход { $expense } ₽
cash-register-moves = ↳ перемещения между кассами: пришло { $in } ₽, ушло { $out } ₽

## Команды и /help (задача 26)
cmd-client = Найти клиента по имени или телефону: карточка и заказы
cmd-deleted = Недавно удалённые заказы (владельцы)
help-clients-viewer =
    👤 <b>Клиенты</b>
    • /client <i>имя или телефон</i> — карточка клиента со всеми его заказами (и 👤 на карточке заказа)
help-clients-operator =
    👤 <b>Клиенты и ошибки</b>
    • /client <i>имя или телефон</i> — карточка клиента со всеми его заказами (и 👤 на карточке заказа)
    • ✏️ Изменить на карточке клиента — исправить телефон, имя, e-mail…
    • 👤 Клиент → 🔁 на карточке заказа — перенести заказ на другого клиента
    • 🗑 Удалить на карточке заказа — заказ, созданный по ошибке
help-deleted = 🗑 /deleted — недавно удалённые заказы и кто их удалил

## Карточка клиента (задача 26.1)
card-btn-client = 👤 Клиент
client-usage = Найти клиента по имени, телефону или e-mail: <code>/client Иванов</code> или <code>/client 4567</code> (от { $min } до { $max } символов).
client-none = 👤 Нет клиента по запросу «{ $query }».
client-found = 👤 Клиентов по запросу «{ $query }»: { $count }. Выберите:
client-found-extra = 👤 Нашлись клиенты: { $count } (в карточке клиента — все его заказы):
client-orders-only = 📜 Заказов прочитано: { $count }; карточку клиента сейчас показать не удалось.
client-card-title = 👤 <b>{ $name }</b>
client-card-type = Тип: { $type }
client-card-phones = 📞 { $phones }
client-card-email = ✉️ { $email }
client-card-address = 🏠 { $address }
client-card-rating = Рейтинг: { $mark }
client-card-roles = Покупатель / поставщик: { $roles }
client-role-buyer = покупатель
client-role-vendor = поставщик
client-card-messages = Сообщения: SMS { $sms } · e-mail { $email } · Telegram { $telegram }
client-card-source = Откуда узнал: { $source }
client-card-note = 📝 { $note }
client-card-orders = 🧾 Заказы: { $count } (сначала открытые, новые выше):
client-card-orders-held = 🧾 Заказы, известные боту: { $count } (сначала открытые, новые выше); 📜 прочитает более старые:
client-card-no-orders = 🧾 Заказов нет.
client-card-no-orders-held = 🧾 Среди известных боту заказов этого клиента нет; 📜 прочитает их из CRM.
client-btn-older = 📜 Все заказы
client-btn-edit = ✏️ Изменить
client-btn-move = 🔁 Другой клиент для заказа

## Удалённые заказы (задачи 26.4, 29.10)
lookup-deleted = 🗑 Заказ <b>{ $number }</b> удалён.
lookup-deleted-by = 🗑 Заказ <b>{ $number }</b> удалил(а) { $name }, { $time }.
card-deleted = 🗑 <b>Удалён</b>
deleted-title = 🗑 <b>Недавно удалённые</b>: { $count }
deleted-line = • <b>{ $number }</b> { $what }
deleted-line-by = • <b>{ $number }</b> { $what } — удалил(а) { $name }, { $time }
deleted-none = 🗑 За последние { $days } { $days ->
        [one] день
        [few] дня
       *[other] дней
    } ни один заказ не удалён.

## Исправление клиента (задача 26.2)
ce-title = ✏️ <b>Клиент { $name }</b>
ce-hint = Нажмите поле, чтобы изменить его; ✅ Сохранить отправит всё сразу.
ce-field-name = Имя
ce-field-phones = 📞 Телефоны
ce-field-email = ✉️ E-mail
ce-field-address = 🏠 Адрес
ce-field-rating = Рейтинг
ce-field-roles = Покупатель / поставщик
ce-field-messages = Сообщения
ce-field-source = Откуда узнал
ce-field-note = 📝 Примечание
ce-field-custom = 🧩 Другие поля
ce-field-type = Тип
ce-btn-name = 👤 Имя
ce-btn-phones = 📞 Телефоны
ce-btn-email = ✉️ E-mail
ce-btn-address = 🏠 Адрес
ce-btn-rating = 👍 Рейтинг
ce-btn-roles = 🏷 Покупатель / поставщик
ce-btn-messages = 💬 Сообщения
ce-btn-source = 📣 Откуда узнал
ce-btn-note = 📝 Примечание
ce-btn-custom = 🧩 Другие поля
ce-btn-save = ✅ Сохранить
ce-btn-close = ✅ Готово (без изменений)
ce-btn-clear = 🗑 Очистить
ce-btn-no-phone = 🗑 Без телефона
ce-btn-done = ✅ Готово
ce-ask-name = Имя клиента (ФИО человека или название организации):
ce-ask-phones = Телефоны клиента, по одному в строке (первый — основной), не больше { $max }. Сейчас: { $current }
ce-phone-bad = «{ $phone }» — не номер телефона. Пришлите его как +7 900 123-45-67 или 8 900 123 45 67 (цифры, пробелы, дефисы, скобки).
ce-too-many-phones = Не больше { $max } телефонов.
ce-ask-email = E-mail клиента. Сейчас: { $current }
ce-ask-address = Адрес клиента. Сейчас: { $current }
ce-ask-note = Примечание о клиенте. Сейчас: { $current }
ce-ask-rating = Рейтинг клиента:
ce-rating-positive = 👍 Хороший клиент
ce-rating-ordinary = — Обычный
ce-rating-negative = 👎 Проблемный клиент
ce-ask-roles = Клиент — это…
ce-role-buyer = Покупатель
ce-role-vendor = Поставщик
ce-role-both = Покупатель и поставщик
ce-role-none = Ни то, ни другое
ce-ask-messages = Какие сообщения можно отправлять клиенту? Нажмите, чтобы переключить, затем ✅ Готово.
ce-ask-source = Откуда клиент узнал о мастерской?
ce-no-sources = В CRM нет списка рекламных источников.
ce-ask-custom = Какое поле?
ce-no-custom = У этого типа клиента нет других полей.
ce-nothing = Ничего не изменилось: клиент { $name } остался как был.
ce-no-type = В CRM нет ни одного типа клиента: сохранить клиента нельзя.
ce-failed = CRM не приняла изменение клиента.
ce-saved = ✅ Клиент { $name } сохранён.
ce-saved-before = ✅ Клиент <b>{ $name }</b> был сохранён до того, как бот прервался.
ce-saved-after-all = ✅ Клиент <b>{ $name }</b> всё-таки сохранён (ответ CRM потерялся по дороге).
ce-not-sent = ⚠️ Изменение клиента <b>{ $name }</b> не дошло до CRM: ничего не сохранено. Можно сохранить ещё раз.
ce-changed-meanwhile = ⚠️ Не сохранено: пока вы правили, клиента изменили в CRM ({ $fields }). Ничего не перезаписано. Вот клиент, как он сейчас в CRM; чтобы внести свою правку заново, нажмите ✏️ Изменить.
ce-unknown = ⚠️ Дошло ли изменение клиента <b>{ $name }</b> до CRM, сейчас проверить нельзя: { $reason } Пока не проверено, ничего не отправляется повторно.

## Новый клиент для заказа (задача 26.3)
cc-failed = CRM не приняла нового клиента.
cc-created-before = ✅ Клиент <b>{ $name }</b> был создан до того, как бот прервался; заказ ещё не перенесён: нажмите 🔁 ещё раз.
cc-created-after-all = ✅ Клиент <b>{ $name }</b> всё-таки создан; заказ ещё не перенесён: нажмите 🔁 ещё раз.
cc-not-sent = ⚠️ Клиент <b>{ $name }</b> не создан: CRM не получила запрос. Ничего не изменилось.
cc-unknown = ⚠️ Создан ли клиент <b>{ $name }</b>, сейчас проверить нельзя: { $reason }

## Клиент заказа (задача 26.3); имя клиента — после двоеточия, в именительном падеже (32.16)
om-intro = 🔁 Заказ <b>{ $order }</b>, клиент: <b>{ $client }</b>. На какого клиента его перенести?
om-same = Заказ { $order } уже оформлен на этого клиента: ничего не изменилось.
om-confirm = Перенести заказ <b>{ $order }</b> на другого клиента? Сейчас клиент: <b>{ $from }</b>, будет: <b>{ $to }</b>.
om-confirm-new = Создать клиента <b>{ $to }</b> (📞 { $phone }) и перенести на него заказ <b>{ $order }</b>? Сейчас клиент: <b>{ $from }</b>.
om-kept = Заказ { $order } остался за прежним клиентом.
om-done = ✅ Заказ { $order } перенесён. Теперь клиент: { $client }.

## Удаление заказа (задача 26.4)
card-btn-delete = 🗑 Удалить
od-confirm = 🗑 Удалить заказ <b>{ $order }</b>?
od-confirm-client = 👤 Клиент: { $client }
od-confirm-device = 📱 Устройство: { $device }
od-confirm-money = 💰 По заказу принимались деньги.
od-no-undo = ⚠️ В CRM нет отмены: удалённый заказ вернуть нельзя.
od-kept = Заказ { $order } не удалён.
od-done = 🗑 Заказ { $order } удалён.
od-owner-only = По этому заказу принимались деньги: удалить его может только владелец.
od-already-deleted = Этот заказ уже удалён.
od-failed = CRM не удалила заказ.
od-busy = ⏳ Заказ <b>{ $order }</b> прямо сейчас удаляется по другому подтверждению: повторно ничего не отправлено. Проверьте его через минуту.
od-failed-grant = CRM отказала: у API-пользователя бота нет права «удаление заказов» (права на удаление в настройках API CRM). Попросите администратора CRM выдать его.
od-deleted-before = 🗑 Заказ <b>{ $order }</b> был удалён до того, как бот прервался.
od-deleted-after-all = 🗑 Заказ <b>{ $order }</b> всё-таки удалён (ответ CRM потерялся по дороге).
od-not-sent = ⚠️ Заказ <b>{ $order }</b> не удалён: CRM не получила запрос. Он на месте.
od-unknown = ⚠️ Удалён ли заказ <b>{ $order }</b>, сейчас проверить нельзя: { $reason } Пока не проверено, ничего не отправляется повторно.
client-card-orders-more = Кнопками ниже — первые { $shown } (сначала открытые, новые выше); ещё { $more }: найдите их по номеру или через /find.

## Отметки и кнопки карточки клиента
client-rating-up = 👍
client-rating-none = —
client-rating-down = 👎
client-mark-on = ✅
client-mark-off = ✖️
client-card-messages-value = SMS { $sms } · e-mail { $email } · Telegram { $telegram }
ce-msg-sms = SMS { $mark }
ce-msg-email = E-mail { $mark }
ce-msg-telegram = Telegram { $mark }
client-btn-open = 👤 { $name }
client-btn-open-phone = 👤 { $name } { $phone }
