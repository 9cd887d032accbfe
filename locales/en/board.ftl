## /board: the open orders by status (from the order mirror, no request)
cmd-board = Open orders by status
help-board = 📋 <b>Board</b>: /board — the open orders by status, ready first (/board mine — yours)
board-title = 📋 <b>Board</b>: { $total ->
    [one] { $total } open order
   *[other] { $total } open orders
}
board-scope-mine = mine
board-scope-all-shops = all workshops
board-empty = No open orders.
board-group-line = <b>{ $group }</b> — { $count }
board-status-line = { "  " }• { $status } — { $count }
board-group-other = Other
board-btn-mine = 👤 Mine
board-btn-all = 👥 Everyone's
board-btn-shop = 🏪 { $shop }
board-btn-all-shops = 🏪 All workshops
board-mine-needs-me = “Mine” needs your employee record: link it with /me first.
board-needs-mirror = 📋 The board counts the orders the bot keeps (MIRROR=on); without them try /overdue or /my.
board-status-heading = 📋 { $status }: { $total ->
    [one] { $total } open order
   *[other] { $total } open orders
}. Page { $page } of { $pages }:
board-status-title = Status { $status }
board-status-none = No open orders in this status any more.
