## /board: открытые заказы по статусам (из зеркала заказов, без запросов)
cmd-board = Открытые заказы по статусам
help-board = 📋 <b>Доска</b>: /board — открытые заказы по статусам, готовые первыми (/board мои — ваши)
board-title = 📋 <b>Доска</b>: { $total ->
    [one] { $total } открытый заказ
    [few] { $total } открытых заказа
   *[many] { $total } открытых заказов
}
board-scope-mine = мои
board-scope-all-shops = все мастерские
board-empty = Открытых заказов нет.
board-group-line = <b>{ $group }</b> — { $count }
board-status-line = { "  " }• { $status } — { $count }
board-group-other = Прочие
board-btn-mine = 👤 Мои
board-btn-all = 👥 Все
board-btn-shop = 🏪 { $shop }
board-btn-all-shops = 🏪 Все мастерские
board-mine-needs-me = Для «Мои» нужна ваша карточка сотрудника: сначала привяжите её через /me.
board-needs-mirror = 📋 Доска считает заказы, которые хранит бот (MIRROR=on); без них попробуйте /overdue или /my.
board-status-heading = 📋 { $status }: { $total ->
    [one] { $total } открытый заказ
    [few] { $total } открытых заказа
   *[many] { $total } открытых заказов
}. Страница { $page } из { $pages }:
board-status-title = Статус { $status }
board-status-none = В этом статусе открытых заказов больше нет.
