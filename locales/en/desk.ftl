## The owner's desk: /cash, /report, the evening report (owners only)
desk-owners-only = 🔒 Money and reports are for the owners only.
desk-private-only = 🔒 Money and reports are shown only in a private chat with the bot.
desk-quota-low = ⚠️ Few service requests are left ({ $remaining }): the report shows what the bot already knows and asks the service for nothing.
help-desk =
    💰 <b>Money and output</b> (owners, in this private chat)
    • /cash — the registers: balances, today's income and expense
    • /report — orders and money for today, the week or the month, with a chart
    • 🌙 the evening report at { $time }: switched on among the notifications
desk-no-shops = No workshop to show.

cash-title = 💰 <b>Registers</b>, { $time }
cash-shop = 🏪 <b>{ $shop }</b>
cash-register = { $name }: 💵 { $cash } ₽ · 🏦 { $bank } ₽
cash-register-cash = { $name }: 💵 { $cash } ₽
cash-register-bank = { $name }: 🏦 { $bank } ₽
cash-today = Today, { $day }: income <b>{ $income } ₽</b>, expense <b>{ $expense } ₽</b>
cash-today-orders = · taken on orders: { $orders } ₽{ $refunds ->
    [0] {""}
   *[other] {" "}(refunds { $refunds } ₽ deducted)
  }
cash-today-moves = · moves between registers: in { $in } ₽, out { $out } ₽
cash-today-none = Today, { $day }: no transactions yet.
cash-partial = ⚠️ Counted { $counted } of { $total } { $total ->
    [one] transaction
   *[other] transactions
} of today (the rest would cost more requests).
cash-shop-failed = ⚠️ { $error }
cash-btn-register = 📜 { $name }
cash-no-registers = No registers.
cash-history-title = 📜 <b>{ $name }</b>: latest transactions, page { $page } of { $pages }
cash-history-none = 📜 <b>{ $name }</b>: no transactions.
cash-history-line = { $date } · <b>{ $amount } ₽</b> · { $item }{ $order }{ $employee }
cash-btn-prev = ◀ Newer
cash-btn-next = Older ▶
cash-btn-back = 💰 Registers
cash-unknown-register = This register is not in your workshops (or the button is old).

report-btn-day = Today
report-btn-week = This week
report-btn-month = This month
report-title = 📊 <b>Report: { $period }</b>
report-period-day = today, { $from }
report-period-date = { $from }
report-period-week = week { $from } – { $to }
report-period-month = { $month }
report-received = 📥 Orders received ({ $period }): <b>{ $count }</b>
report-ready = 🛠 Made ready ({ $period }): <b>{ $count }</b>
report-closed = 📤 Handed over ({ $period }): <b>{ $count }</b>
report-money = 💰 Taken on orders ({ $period }, payments less refunds): <b>{ $amount } ₽</b>
report-money-partial = 💰 Taken on orders ({ $period }): at least <b>{ $amount } ₽</b> (counted { $counted } of { $total } { $total ->
    [one] transaction
   *[other] transactions
})
report-money-unknown = 💰 Taken on orders ({ $period }): not known ({ $reason })
report-avg = ⏱ Average from intake to ready ({ $period }): <b>{ $time }</b> over { $count } { $count ->
    [one] order
   *[other] orders
} with known dates
report-avg-none = ⏱ Average from intake to ready ({ $period }): no order made ready
report-masters = 👷 <b>Masters</b> ({ $period }: orders made ready or handed over · money taken on them)
report-master = { $name }: { $count } · { $amount } ₽
report-master-none = (no master)
report-masters-none = 👷 Masters ({ $period }): no order made ready or handed over
report-overdue = ⏰ Overdue now: <b>{ $count }</b>
report-overdue-unknown = ⏰ Overdue now: not known
report-source-mirror = ℹ️ Orders received and overdue from the bot's copy (synced { $age }); the rest from the service ({ $requests } { $requests ->
    [one] request
   *[other] requests
}).
report-finished-from-mirror = ℹ️ Made ready and handed over: only what the bot's copy saw (the service was not asked).
report-source-mirror-warm = ℹ️ Orders from the bot's copy (synced { $age }), which sees every change; money from the service's registers ({ $requests } { $requests ->
    [one] request
   *[other] requests
}).
report-mirror-since = ℹ️ Made ready and handed over: what the bot's copy has seen since { $since }; orders finished before that are not counted (the bot cannot date them).
report-chart-out-partial = ℹ️ The chart shows { $known } of { $count } handed-over { $count ->
    [one] order
   *[other] orders
} (the time of the others is not known).
report-source-service = ℹ️ Orders and money from the service ({ $requests } { $requests ->
    [one] request
   *[other] requests
}).
report-missing = ⚠️ Not known (not read from the service): { $what }.
report-missing-received = orders received
report-missing-ready = orders made ready
report-missing-closed = orders handed over
report-missing-overdue = overdue orders
report-reason-quota = few requests left
report-reason-error = the service did not answer
report-duration-hours = { $hours } h
report-duration-days = { $days } d { $hours } h
report-chart-in = Received
report-chart-out = Handed over
report-chart-money = Taken on orders, ₽
report-chart-orders = Orders
report-chart-caption = 📊 { $period }: orders in and out, money taken on orders

notify-kind-evening = Evening report (owners)
evening-title = 🌙 <b>Evening report</b>
deleted-owners-only = 🔒 /deleted is the owners' list of deleted orders. A number of a deleted order still says who deleted it and when.
report-master-refunds = { $name }: { $count } · { $amount } ₽ (more refunded than taken on these orders in the period)
