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
