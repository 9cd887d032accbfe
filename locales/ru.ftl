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

## Старт и помощь
start-operator =
    👋 Здравствуйте, { $name }! Вы — <b>оператор</b>.
    
    • Пришлите номер заказа — <code>1042</code>, <code>А-001042</code> или <code>#1042</code> — или /order 1042.
    • В любом чате наберите <code>@{ $bot } 1042</code>, чтобы поделиться карточкой заказа.
    • /status — связь с сервисом и лимит запросов.
    • /language — сменить язык.
start-viewer =
    👋 Здравствуйте, { $name }! Вы можете <b>искать заказы</b>.
    
    • Пришлите номер заказа — <code>1042</code>, <code>А-001042</code> или <code>#1042</code> — или /order 1042.
    • В любом чате наберите <code>@{ $bot } 1042</code>, чтобы поделиться карточкой заказа.
    • /language — сменить язык.
help = { start-help-title }
    
    /order <i>номер</i> — найти заказ (только цифры — точный номер; с буквами — часть номера)
    /status — связь с сервисом и лимит запросов (операторы)
    /language — сменить язык
    /help — эта справка
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
btn-open-bot = Открыть бота

## Поиск заказа
lookup-usage = Укажите номер заказа после команды, например: <code>/order 1042</code>
lookup-none-num = 🔍 Заказа с номером <b>{ $num }</b> (точное совпадение) нет: { $scope }.
lookup-none-text = 🔍 Заказа, номер которого содержит «<b>{ $query }</b>», нет: { $scope }.
lookup-scope-all = все мастерские
lookup-scope-shops = мастерские { $shops }
lookup-many = 🔍 По запросу «<b>{ $query }</b>» { $total ->
        [one] найден { $total } заказ
        [few] найдено { $total } заказа
       *[many] найдено { $total } заказов
    }. Страница { $page } из { $pages }:
lookup-many-more = Показаны первые { $shown }; уточните номер, чтобы увидеть остальные.
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
card-unknown = —
money = { NUMBER($amount, minimumFractionDigits: 0, maximumFractionDigits: 2) } ₽

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
status-operators-only = Состояние сервиса видят только операторы.
status-title = 📊 <b>Состояние сервиса</b>
status-connection-ok = Связь: ✅ работает ({ $kind })
status-connection-fail = Связь: ❌ { $error }
status-kind-sandbox = встроенная песочница
status-kind-remote = сервис
status-quota = Осталось запросов: <b>{ $remaining }</b>
status-quota-unknown = Осталось запросов: пока неизвестно
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
cmd-status = Связь с сервисом и лимит
cmd-language = Сменить язык
cmd-help = Справка
