## Paper: the card's buttons and what the bot says about a document (the clerk's language)
card-btn-receipt = 🧾 Квитанция
card-btn-act = 🧾 Акт
paper-receipt-caption = 🧾 Квитанция о приёме заказа { $number } ({ $format }).
paper-act-caption = 🧾 Акт выполненных работ по заказу { $number } ({ $format }).
paper-format-a4 = A4
paper-format-80mm = лента 80 мм
paper-sent-private = 🧾 Документ в вашем чате с ботом.
paper-start-bot = Сначала откройте чат с ботом (/start): документ придёт туда.
paper-not-ready = Акт печатается для заказа, который готов или выдан.
paper-failed = Не получилось нарисовать документ. Попробуйте ещё раз; если повторится, сообщите администратору.

## Paper: the documents' own texts (DOCUMENT_LOCALE, whatever the clerk's language)
paper-receipt-title = Квитанция о приёме в ремонт
paper-act-title = Акт выполненных работ
paper-order-number = Заказ № { $number }
paper-shop-phone = Тел.: { $phone }
paper-shop-hours = Часы работы: { $hours }
paper-intake-date = Дата приёма
paper-handover-date = Дата выдачи
paper-client = Клиент
paper-client-phone = Телефон
paper-device = Устройство
paper-device-type = Тип
paper-brand = Бренд
paper-model = Модель
paper-serial = Серийный номер
paper-color = Цвет
paper-faults = Неисправность
paper-equipment = Комплектация
paper-appearance = Внешний вид
paper-estimate = Ориентировочная стоимость
paper-prepayment = Предоплата
paper-deadline = Срок готовности
paper-clerk = Принял
paper-terms = Условия ремонта
paper-terms-default =
    1. Мастерская проводит диагностику и ремонт в срок до 45 дней, если иное не согласовано с клиентом. Стоимость выше ориентировочной согласуется с клиентом до начала работ.
    2. Мастерская не отвечает за данные на устройстве: сохраните их до сдачи в ремонт. Скрытые дефекты, не указанные в квитанции, могут проявиться при разборке.
    3. Устройство выдаётся по этой квитанции или по документу, удостоверяющему личность клиента. Устройство, не забранное в течение 90 дней после уведомления о готовности, хранится платно.
    4. Гарантия на выполненные работы указывается в акте выполненных работ.
paper-works = Работы и запчасти
paper-col-no = №
paper-col-name = Наименование
paper-col-count = Кол-во
paper-col-price = Цена
paper-col-sum = Сумма
paper-no-positions = Работы и запчасти не указаны.
paper-total = Итого
paper-paid = Оплачено
paper-due = К оплате
paper-verdict = Заключение
paper-warranty = Гарантия
paper-warranty-days = { $days } { $days ->
        [one] день
        [few] дня
       *[many] дней
    }, до { $until }
paper-warranty-none = без гарантии
paper-act-statement = Работы выполнены полностью. Устройство получено, претензий к объёму, качеству и срокам работ не имею.
paper-sign-client = Клиент
paper-sign-shop = Мастерская
paper-sign-hint = подпись, расшифровка
paper-qr-hint = Статус заказа — по этому коду
paper-money = { $amount } ₽

# What stands on a document for a value the order does not have.
paper-none = —

## Paper: the money model on the act, the return act, the shop's legal details, two copies, bounds
card-btn-return-act = 🧾 Акт возврата
paper-return-caption = 🧾 Акт возврата устройства без ремонта по заказу { $number } ({ $format }).
paper-return-title = Акт возврата устройства без ремонта
paper-return-statement = Ремонт не выполнялся. Устройство возвращено клиенту в том виде, в каком было сдано; претензий не имею.
paper-return-no-works = Ремонт не выполнялся.
paper-repair-by-estimate = Ремонт (по предварительной оценке)
paper-total-by-estimate = Итого (по предварительной оценке)
paper-to-return = К возврату клиенту
paper-rows-more = …и ещё { $count } поз. (полный список — в заказе)
paper-shop-tax-id = ИНН { $id }
paper-copy-client = Экземпляр клиента
paper-copy-shop = Экземпляр мастерской
paper-copy-cut = линия отреза
paper-cut = [обрезано]
# The client's acceptance of the terms in Telegram (issue 36.4): the block's title, and the phrase its comment carries.
paper-terms-accepted = Условия ремонта приняты клиентом
paper-terms-accepted-phrase = условия ремонта приняты в Telegram
