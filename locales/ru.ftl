# Все тексты, которые читает пользователь. Ключи одинаковы в ru.ftl и en.ftl (это проверяет тест).
# HTML допустим там, где сообщение уходит с parse_mode HTML; значения экранирует код.

## Общее
apology = 😔 Простите, у нас что-то пошло не так. Попробуйте ещё раз.
refusal = ⛔ Этот бот — для сотрудников сервисного центра. Ваш Telegram id: <code>{ $id }</code> — отправьте его администратору, чтобы получить доступ.
refusal-short = ⛔ Нет доступа. Ваш Telegram id: { $id }
read-only = 👀 Вы можете искать заказы, а изменения доступны только операторам.
stale-button = Эта кнопка устарела.
unhandled = Я не понял. Пришлите номер заказа (например, <code>1042</code>) или /help.
unhandled-callback = Эта кнопка больше не работает.
chat-only-button = Эта кнопка работает только в чате с ботом.

## Старт и помощь
start-operator = 👋 Здравствуйте, { $name }! Вы — <b>оператор</b>.
start-viewer = 👋 Здравствуйте, { $name }! Вы можете <b>искать заказы</b>.
help-find =
    🔍 <b>Найти заказ</b>
    • пришлите номер: <code>1042</code> (точно), <code>А001042</code> или часть с буквами <code>А0010</code>; или /order 1042
    • в любом чате: <code>@{ $bot } 1042</code> — поделиться карточкой
help-write =
    ✏️ <b>Работа с заказами</b>
    • /new — новый заказ
    • /status <i>номер</i> — сменить статус (или 🔁 Статус на карточке)
    • /cancel — выйти из текущего диалога
help-staff = 👥 <b>Сотрудники</b>: /masters, /managers, /staff <i>[имя]</i>
help-other-operator = ⚙️ /status — сервис и лимит запросов · /language — язык · /help
help-other-viewer = ⚙️ /status — сервис и лимит запросов · /language — язык · /help
start-help-title = ℹ️ <b>Что я умею</b>

## Язык
language-choose = Выберите язык:
language-set = ✅ Теперь я говорю по-русски.
language-name-ru = 🇷🇺 Русский
language-name-en = 🇬🇧 English

## Кнопки
btn-refresh = 🔄 Обновить
btn-retry = 🔁 Повторить
btn-prev = ◀️ Назад
btn-next = Далее ▶️

## Поиск заказа
lookup-usage = Укажите номер заказа после команды, например: <code>/order 1042</code>
lookup-none-num = 🔍 Заказа с номером <b>{ $num }</b> нет { $scope } (искали точное совпадение).
lookup-none-text = 🔍 Заказов, в номере которых есть «<b>{ $query }</b>», нет { $scope }.
lookup-hint-partial = Одни цифры ищут только точный номер. Часть номера с префиксом находит все номера, где она есть: <code>{ $example }</code> найдёт { $from }–{ $to }.
lookup-hint-partial-generic = Одни цифры ищут только точный номер. Чтобы искать по части номера, наберите его с буквами, как в квитанции (например, <code>А00104</code>).
lookup-scope-all = во всех мастерских
lookup-scope-shops = { $count ->
        [one] в мастерской { $shops }
       *[other] в мастерских { $shops }
    }
lookup-many = 🔍 По запросу «<b>{ $query }</b>» { $total ->
        [one] найден { $total } заказ
        [few] найдено { $total } заказа
       *[many] найдено { $total } заказов
    }. Страница { $page } из { $pages }:
lookup-list-outdated = Этот список устарел — повторите поиск.
refresh-same = Ничего не изменилось.
refresh-done = Обновлено.

## Карточка заказа
card-title = 🧾 <b>Заказ { $number }</b>
card-status = Статус: <b>{ $status }</b>
card-urgent = 🔥 Срочный
card-overdue = ⏰ Просрочен
card-type = Тип: { $type }
card-shop = Мастерская: { $shop }
card-device = 📱 Устройство: { $device }
card-serial = Серийный номер: <code>{ $sn }</code>
card-faults = 🛠 Неисправности: { $faults }
card-client = 👤 Клиент: { $name }
card-phones = 📞 { $phones }
card-master = Мастер: { $name }
card-manager = Менеджер: { $name }
card-created = Создан: { $date }
card-deadline = Срок: { $date }
card-price = 💰 Стоимость: { $amount }
card-approx-price = Предварительная стоимость: { $price }
card-paid = Оплачено: { $amount }
card-note = 📝 Заметка: { $note }
money = { $amount } ₽

## Ошибки сервиса
err-quota = ⏳ Исчерпан лимит запросов к сервису. Он обновится в { $time }; попробуйте после этого.
err-quota-unknown = ⏳ Исчерпан лимит запросов к сервису. Попробуйте через несколько минут.
err-unavailable = 📡 Сервис сейчас не отвечает. Ничего не потеряно — попробуйте ещё раз.
err-not-found = 🔍 В сервисе нет такой записи (возможно, она удалена).
err-auth = 🔐 Бот не может войти в сервис. Сообщите администратору.
err-forbidden = 🚫 Сервис не разрешает боту это действие.
err-bad-request = ⚠️ Сервис отказал: { $message }
err-bad-response = ⚠️ Сервис ответил непонятно для бота. Попробуйте позже.
err-validation = ⚠️ Запрос неверен: { $message }

## /status
status-title = 📊 <b>Состояние сервиса</b>
status-connection-ok = Связь: ✅ работает ({ $kind })
status-connection-fail = Связь: ❌ { $error }
status-kind-sandbox = встроенная песочница
status-kind-remote = сервис
status-quota = Осталось запросов: <b>{ $remaining }</b>
status-quota-unknown = Осталось запросов: пока неизвестно
status-quota-off = Лимит запросов: не считается (встроенная песочница без лимита)
status-reset = Обновится в: { $time }
status-shops = Мастерские: { $shops }

## Инлайн-режим
inline-hint = Наберите номер заказа (не меньше 3 символов)
inline-no-results = Ничего не найдено
inline-result-title = { $number } · { $status }
inline-result-description = { $client } · { $device }

## Команды (меню)
cmd-start = Начало и помощь
cmd-order = Найти заказ по номеру
cmd-status = Сменить статус заказа [номер]; сервис и лимит
cmd-language = Сменить язык
cmd-help = Справка

## Dialogs: common
cmd-new = Новый заказ
cmd-cancel = Отменить текущий диалог
cmd-masters = Мастера [имя]
cmd-managers = Менеджеры [имя]
cmd-staff = Сотрудники [имя]
dlg-btn-cancel = ✖ Отмена
dlg-btn-skip = ⏭ Пропустить
dlg-btn-yes = ✅ Да
dlg-btn-no = ❌ Нет
dlg-btn-done = ✔ Готово
dlg-yes = да
dlg-no = нет
dlg-none = —
dlg-cancelled = Диалог отменён. Ничего не изменено.
dlg-expired = Диалог устарел (долго не было ответа) и закрыт. Начните заново.
dlg-nothing-to-cancel = Сейчас нечего отменять.
dlg-stale-button = Эта кнопка уже неактуальна.
dlg-not-yours = Эта кнопка из чужого диалога.
dlg-repeat-step = Давайте повторим этот шаг.
dlg-use-buttons = Пожалуйста, выберите вариант кнопкой ниже.
dlg-need-text = Нужен текст: фото, стикеры и файлы здесь не подходят.
dlg-command-in-dialog = Сейчас идёт диалог. Ответьте на вопрос (/order N покажет заказ, не прерывая его) или отправьте /cancel, чтобы его прервать.
dlg-too-long-field = Слишком длинно: не больше { $limit } { $limit ->
    [one] символа
   *[other] символов
}.
dlg-left-service = Диалог закрыт, попробуйте позже.
dlg-skipped-service = Эта часть пока пропущена; всё остальное, что вы ввели, сохранено.
dlg-no-shops = В сервисе нет доступных мастерских.
dlg-no-order-types = В сервисе нет типов заказов.
dlg-private-only = Диалоги ведутся только в личном чате с ботом.
dlg-busy = Сначала завершите текущий диалог или отправьте /cancel.
dlg-field-required = <b>{ $name }</b> (обязательно). { $hint }
dlg-field-optional = <b>{ $name }</b>. { $hint }
dlg-field-hint-text = Введите текст.
dlg-field-hint-number = Введите число.
dlg-field-hint-date = Введите дату, например 25.12 или 25.12.2026.
dlg-field-hint-boolean = Выберите да или нет.
dlg-field-hint-choice = Выберите вариант.
dlg-bad-number = Это не число. Например: 3 или 2,5.
dlg-bad-date = Не понял дату. Примеры: 25.12, 25.12 15:00, 25.12.2026, завтра.
pay-cash = наличные
pay-bank = безнал
pay-ask-method = Как платит клиент?
pay-method-cash = 💵 Наличные
pay-method-bank = 💳 Безнал
pay-method-mixed = 💵+💳 Оба
pay-ask-cash = Сумма наличными (например, 1500 или 1500,50):
pay-ask-bank = Сумма безналом (например, 1500 или 1500,50):
pay-bad-amount = Нужна положительная сумма, не больше двух знаков после запятой.
# Ответы, которые бот не может принять, и почему
pay-amount-too-large = Слишком большая сумма: не больше { $max } ₽.
pay-amount-cash = { $amount } ₽ наличными
pay-amount-bank = { $amount } ₽ безналом

## Dialogs: /new
new-intro = 📝 Новый заказ. Отменить в любой момент: /cancel
new-ask-shop = Мастерская:
new-ask-type = Тип заказа:
new-ask-client = Клиент: введите телефон или имя для поиска.
new-client-query-bad = Введите телефон или имя (от 2 до 100 символов).
new-client-none = По «{ $query }» никого не нашлось.
new-btn-new-client = ➕ Новый клиент
new-btn-search-again = 🔎 Искать снова
new-ask-client-name = Имя нового клиента:
new-ask-client-phone = Телефон клиента:
new-ask-client-email = E-mail клиента:
new-client-phone-bad = Это не номер телефона: например +7 900 123-45-67 или 8 900 123 45 67 (номер другой страны — с + и её кодом).
new-client-email-bad = Это не похоже на адрес e-mail, например ivan@example.ru.
new-ask-client-address = Адрес клиента:
new-client-is-new = новый
new-ask-device-type = Тип устройства (например, смартфон):
new-ask-brand = Бренд:
new-ask-model = Модель:
new-ask-sn = Серийный номер / IMEI:
new-ask-problem = Неисправность (можно несколько строк):
new-ask-complete-set = Комплектация:
new-ask-appearance = Внешний вид:
new-ask-color = Цвет:
new-ask-price = Ориентировочная цена:
new-ask-deadline = Срок готовности: выберите или введите дату (25.12, 25.12 15:00, завтра).
new-ask-master = Мастер:
new-ask-urgent = Срочный заказ?
new-ask-how-know = Откуда клиент узнал о нас?
new-ask-optional-fields = Дополнительные поля: заполните любое или нажмите «Готово».
new-ask-prepayment = Предоплата: выберите кассу или «Без предоплаты».
new-btn-no-prepayment = Без предоплаты
new-summary-title = <b>Проверьте заказ</b>
new-sum-shop = Мастерская: { $value }
new-sum-type = Тип: { $value }
new-sum-client = Клиент: { $value }
new-sum-device = Устройство: { $value }
new-sum-sn = Серийный номер: { $value }
new-sum-problem = Неисправность: { $value }
new-sum-complete-set = Комплектация: { $value }
new-sum-appearance = Внешний вид: { $value }
new-sum-color = Цвет: { $value }
new-sum-price = Ориентировочная цена: { $value }
new-sum-deadline = Срок: { $value }
new-sum-master = Мастер: { $value }
new-sum-urgent = Срочный: { $value }
new-sum-how-know = Источник: { $value }
new-sum-prepayment = Предоплата: { $value }
new-btn-confirm = ✅ Создать
new-btn-retry = 🔁 Повторить
new-btn-edit = ✏️ Изменить
new-ask-edit = Что изменить?
new-part-shop = Мастерская
new-part-type = Тип заказа
new-part-client = Клиент
new-part-device = Тип устройства
new-part-fields = Обязательные поля
new-created = ✅ Заказ создан.
new-created-no-card = ✅ Заказ создан, но карточку сейчас не загрузить.

## Dialogs: status change, card actions, staff
card-btn-status = 🔁 Статус
card-btn-comment = 💬 Комментарий
card-btn-master = 🔧 Мастер
card-btn-manager = 👤 Менеджер
st-header = Заказ <b>{ $order }</b>, сейчас: <b>{ $status }</b>
st-ask-status = Выберите новый статус (💰 — требует оплаты):
st-same-status = Заказ уже в этом статусе — выберите другой.
st-ask-payment = Этот статус требует оплаты. Выберите кассу или «Без оплаты».
st-btn-no-payment = Без оплаты
# Подтверждение смены статуса: комментарий к оплате предлагается кнопкой (не спрашивается)
st-btn-note = 📝 Комментарий к оплате
st-ask-note = Комментарий к оплате:
st-ask-pay-optional = Неизвестно, нужна ли оплата в этом статусе. Принять оплату сейчас?
st-ask-register = Оплата: выберите кассу или «Без оплаты».
st-pay-refused = Возможно, сервис не принимает оплату в этом статусе: попробуйте без оплаты.
st-no-statuses = Сервис не отдаёт список статусов, и ни один ещё не известен: откройте несколько заказов или задайте STATUSES.
st-confirm = Сменить статус заказа <b>{ $order }</b>: { $from } → <b>{ $to }</b>?
st-confirm-payment = Оплата: { $register }, { $amounts }
st-confirm-note = Комментарий: { $note }
st-done = ✅ Статус изменён: { $status }
st-failed = ❌ Сервис не изменил статус.
st-ask-retry = Повторить?
st-not-found = Заказ «{ $query }» не найден.
st-pick-order = Нашлось несколько заказов — выберите нужный:
act-no-shop = У заказа не указана мастерская.
act-no-masters = В мастерской заказа нет мастеров.
act-no-managers = В мастерской заказа нет менеджеров.
act-ask-master = Заказ <b>{ $order }</b>, мастер сейчас: { $current }. Выберите мастера:
act-ask-manager = Заказ <b>{ $order }</b>, менеджер сейчас: { $current }. Выберите менеджера:
act-master-done = ✅ Мастер назначен: { $name }
act-manager-done = ✅ Менеджер назначен: { $name }
act-ask-comment = Комментарий к заказу <b>{ $order }</b>:
act-comment-done = ✅ Комментарий к заказу <b>{ $order }</b> добавлен.
act-failed = ❌ Сервис не принял изменение.
staff-title-masters = 🔧 Мастера
staff-title-managers = 👤 Менеджеры
staff-title-staff = 👥 Сотрудники
staff-header = <b>{ $title }</b>: { $count } (стр. { $page } из { $pages })
staff-filter = Фильтр: «{ $filter }»
staff-none = Список пуст.
staff-none-filter = Никого с «{ $filter }» в имени.
staff-failed = Список сейчас не загрузить.
staff-ask-shop = <b>{ $title }: какая мастерская?</b>
staff-shop = Мастерская: { $shop }
staff-no-shops = В сервисе нет доступных мастерских.
