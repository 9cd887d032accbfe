# The command menus per role (bot/commands.ts).
cmd-status-viewer = The service and the request quota
cmd-cash = Registers: balances and the day's movements
cmd-report = Report: takings and masters' output
cmd-payments = Payments in Telegram: not in the CRM yet, and today's
