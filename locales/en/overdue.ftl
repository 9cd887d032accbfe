## /overdue (operators): open orders past their deadline
cmd-overdue = Overdue open orders
overdue-title = ⏰ Overdue open orders
overdue-heading = ⏰ Overdue open orders: { $total }. Page { $page } of { $pages }:
overdue-none = ✅ No open order is past its deadline { $scope }.
help-overdue = ⏰ <b>Overdue</b>: /overdue — open orders past their deadline · 🐢 /overdue stuck — open orders nobody touched for days
