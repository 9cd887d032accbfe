# Быстрый приём (/new): поиск клиента, шаг устройства, группы необязательных сведений в сводке.
new-ask-device-type-recent = Тип устройства: выберите или напишите.
new-client-found = По «{ $query }» найдено: { $found }, показаны { $from }–{ $to }. Выберите клиента или создайте нового.
new-client-none-phone = С телефоном «{ $query }» никого не нашлось. Напишите имя нового клиента (телефон сохранится) или ищите снова.
new-client-search-failed = Поиск по «{ $query }» не удался. Ищите снова или создайте нового клиента.
new-btn-more-clients = ▶️ Ещё
new-now = Сейчас: <b>{ $value }</b> — «Пропустить» оставит как есть.
new-group-client = 👤 О клиенте
new-group-device = 📱 Марка, модель, серийный
new-group-condition = 📦 Комплектация, вид
new-group-price = 💰 Цена, срок
new-group-staff = 👷 Мастер, срочность
new-group-source = 📣 Источник
new-group-fields = 🧩 Другие поля
new-group-prepayment = 💳 Предоплата
new-btn-all-details = 📝 Все поля
new-part-problem = Неисправности
## Оплата с учётом остатка (смена статуса; карточка)
pay-left-to-pay = Осталось оплатить: { $amount }.
pay-btn-due = 💰 { $amount }: весь остаток
pay-btn-rest = 💰 { $amount }: остаток
st-confirm-unpaid = ⚠️ Не оплачено { $amount }: заказ закроется с долгом.
card-paid-in-full = ✅ Оплачен полностью
pay-no-registers = Ни одна касса этой мастерской не принимает оплату: оплата не записана.
# A payment beyond what is left to pay (dialog-kit/payment.ts confirmOverpayment).
pay-over = ⚠️ Оплата { $total } больше остатка ({ $left }): переплата { $over }. Принять всё равно?
pay-over-no-price = ⚠️ У заказа нет цены: вся оплата { $total } станет переплатой. Принять всё равно?
# Имя нового клиента: текст поиска предложен одной кнопкой, когда похож на имя.
new-btn-offered-name = 👤 { $name }
new-client-name-is-phone = Это номер телефона: здесь напишите имя клиента, телефон спросим следующим.
# Сводка: контакты нового клиента и устройство, каждое поле отдельной строкой, как будет отправлено.
new-sum-client-phone = { "   " }Телефон: { $value }
new-sum-client-email = { "   " }E-mail: { $value }
new-sum-client-address = { "   " }Адрес: { $value }
new-sum-brand-model = Марка, модель: { $value }

# Мастерская приёма взята из прошлого приёма (или /me), без вопроса
new-shop-remembered = 🏪 Мастерская: <b>{ $shop }</b> (✏️ Изменить в сводке меняет её)

# Телефоны: читаются как номера страны мастерской (PHONE_COUNTRY)
new-client-searched-phone-bad = «{ $query }» — не полный номер телефона, он не сохранён. Напишите телефон клиента или пропустите.
