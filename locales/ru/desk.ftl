## Стол владельца: /cash, /report, вечерний отчёт (только владельцы)
desk-owners-only = 🔒 Деньги и отчёты доступны только владельцам.
desk-private-only = 🔒 Деньги и отчёты показываются только в личном чате с ботом.
desk-quota-low = ⚠️ Запросов к сервису осталось мало ({ $remaining }): отчёт показывает то, что бот уже знает, и ничего не спрашивает у сервиса.
help-desk =
    💰 <b>Деньги и выработка</b> (владельцы, в личном чате)
    • /cash — кассы: остатки, приход и расход за сегодня
    • /report — заказы и деньги за сегодня, неделю или месяц, с графиком
    • 🌙 вечерний отчёт в { $time }: включается среди уведомлений
desk-no-shops = Нет мастерских для показа.

cash-title = 💰 <b>Кассы</b>, { $time }
cash-shop = 🏪 <b>{ $shop }</b>
cash-register = { $name }: 💵 { $cash } ₽ · 🏦 { $bank } ₽
cash-register-cash = { $name }: 💵 { $cash } ₽
cash-register-bank = { $name }: 🏦 { $bank } ₽
cash-today = Сегодня, { $day }: приход <b>{ $income } ₽</b>, расход <b>{ $expense } ₽</b>
cash-today-orders = · по заказам: { $orders } ₽{ $refunds ->
    [0] {""}
   *[other] {" "}(за вычетом возвратов { $refunds } ₽)
  }
cash-today-moves = · перемещения между кассами: пришло { $in } ₽, ушло { $out } ₽
cash-today-none = Сегодня, { $day }: операций пока нет.
cash-partial = ⚠️ Учтено { $counted } из { $total } { $total ->
    [one] операции
   *[other] операций
} за сегодня (остальные стоили бы ещё запросов).
cash-shop-failed = ⚠️ { $error }
cash-btn-register = 📜 { $name }
cash-no-registers = Касс нет.
cash-history-title = 📜 <b>{ $name }</b>: последние операции, стр. { $page } из { $pages }
cash-history-none = 📜 <b>{ $name }</b>: операций нет.
cash-history-line = { $date } · <b>{ $amount } ₽</b> · { $item }{ $order }{ $employee }
cash-btn-prev = ◀ Новее
cash-btn-next = Старше ▶
cash-btn-back = 💰 Кассы
cash-unknown-register = Этой кассы нет в ваших мастерских (или кнопка устарела).

report-btn-day = Сегодня
report-btn-week = Неделя
report-btn-month = Месяц
report-title = 📊 <b>Отчёт: { $period }</b>
report-period-day = сегодня, { $from }
report-period-date = { $from }
report-period-week = неделя { $from } – { $to }
report-period-month = { $month }
report-received = 📥 Принято заказов ({ $period }): <b>{ $count }</b>
report-ready = 🛠 Готово ({ $period }): <b>{ $count }</b>
report-closed = 📤 Выдано ({ $period }): <b>{ $count }</b>
report-money = 💰 Получено по заказам ({ $period }, оплаты за вычетом возвратов): <b>{ $amount } ₽</b>
report-money-partial = 💰 Получено по заказам ({ $period }): не меньше <b>{ $amount } ₽</b> (учтено { $counted } из { $total } { $total ->
    [one] операции
   *[other] операций
})
report-money-unknown = 💰 Получено по заказам ({ $period }): неизвестно ({ $reason })
report-avg = ⏱ В среднем от приёма до готовности ({ $period }): <b>{ $time }</b> по { $count } { $count ->
    [one] заказу
   *[other] заказам
} с известными датами
report-avg-none = ⏱ В среднем от приёма до готовности ({ $period }): готовых заказов нет
report-masters = 👷 <b>Мастера</b> ({ $period }: заказов готово или выдано · деньги по ним)
report-master = { $name }: { $count } · { $amount } ₽
report-master-none = (без мастера)
report-masters-none = 👷 Мастера ({ $period }): ни один заказ не стал готов и не выдан
report-overdue = ⏰ Просрочено сейчас: <b>{ $count }</b>
report-overdue-unknown = ⏰ Просрочено сейчас: неизвестно
report-source-mirror = ℹ️ Принятые и просроченные — из копии бота (обновлена { $age }); остальное — из сервиса ({ $requests } { $requests ->
    [one] запрос
    [few] запроса
   *[many] запросов
}).
report-finished-from-mirror = ℹ️ Готовые и выданные — только то, что видела копия бота (сервис не спрашивали).
report-source-mirror-warm = ℹ️ Заказы — из копии бота (обновлена { $age }), она видит каждое изменение; деньги — из касс сервиса ({ $requests } { $requests ->
    [one] запрос
    [few] запроса
   *[many] запросов
}).
report-mirror-since = ℹ️ Готовые и выданные — то, что копия бота видела с { $since }; заказы, готовые или выданные раньше, не учтены (бот не знает их дат).
report-chart-out-partial = ℹ️ На графике { $known } из { $count } { $count ->
    [one] выданного заказа
   *[other] выданных заказов
} (время остальных неизвестно).
report-source-service = ℹ️ Заказы и деньги из сервиса ({ $requests } { $requests ->
    [one] запрос
    [few] запроса
   *[many] запросов
}).
report-missing = ⚠️ Неизвестно (не прочитано из сервиса): { $what }.
report-missing-received = принятые заказы
report-missing-ready = готовые заказы
report-missing-closed = выданные заказы
report-missing-overdue = просроченные заказы
report-reason-quota = мало запросов
report-reason-error = сервис не ответил
report-duration-hours = { $hours } ч
report-duration-days = { $days } дн. { $hours } ч
report-chart-in = Принято
report-chart-out = Выдано
report-chart-money = Получено по заказам, ₽
report-chart-orders = Заказы
report-chart-caption = 📊 { $period }: заказы пришли и ушли, деньги по заказам

notify-kind-evening = Вечерний отчёт (владельцы)
evening-title = 🌙 <b>Вечерний отчёт</b>
deleted-owners-only = 🔒 /deleted — список удалённых заказов для владельцев. Номер удалённого заказа и так скажет, кто и когда его удалил.
report-master-refunds = { $name }: { $count } · { $amount } ₽ (за период по этим заказам вернули больше, чем приняли)
