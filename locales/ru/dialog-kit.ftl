# Shared dialog steps (src/bot/dialog-kit/): dates, money, staff, bounded text.
dlg-date-past = { $date } уже прошло. Укажите дату в будущем.
dlg-btn-no-date = 🗑 Без даты
dlg-money-too-small = Слишком маленькая сумма: не меньше { $min } ₽.
dlg-text-up-to = До { $max } { $max ->
    [one] символа
   *[other] символов
}.
dlg-text-between = От { $min } до { $max } { $max ->
    [one] символа
   *[other] символов
}.
dlg-text-too-short = Слишком коротко: не меньше { $min } { $min ->
    [one] символа
   *[other] символов
}.
dlg-staff-unknown = Не нашёл такого сотрудника. Выберите кнопкой или введите имя точнее.
dlg-btn-back-page = ◀ Назад
dlg-btn-next-page = Ещё ▶
dlg-ask-master = Мастер:
dlg-ask-manager = Менеджер:
# A dialog saved by the bot's previous version, which this one cannot continue (dialog-kit/outdated.ts).
dlg-updated-intake = ℹ️ Бот обновился, и начатый заказ не сохранился. Начните его заново: /new
dlg-updated = ℹ️ Бот обновился, и начатый диалог не сохранился. Начните его заново.

# Поиск заказа (/order N или номер там, где вопрос не ждёт числа) посреди диалога: карточка выше, вопрос снова
dlg-lookup-goes-on = ↩️ Диалог продолжается с того же места:
