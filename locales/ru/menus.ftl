# The command menus per role (bot/commands.ts).
cmd-status-viewer = Сервис и лимит запросов
cmd-cash = Кассы: остатки и движения за день
cmd-report = Отчёт: выручка и выработка мастеров
cmd-payments = Оплаты в Telegram: не записанные в CRM и за сегодня
