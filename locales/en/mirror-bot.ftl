## The order mirror in the bot: card freshness, search
card-as-of = <i>as of { $time }</i>
search-heading = 🔍 “<b>{ $query }</b>”: { $total ->
        [one] { $total } order
       *[other] { $total } orders
    }, page { $page } of { $pages }
search-none = Nothing found for “<b>{ $query }</b>” among the { $orders } { $orders ->
    [one] order
   *[other] orders
} the bot holds. Search by a client's name or part of it, a phone, a device, a serial number or IMEI, or send an order number.
search-too-long = That is too long for a search: at most { $max } { $max ->
    [one] character
   *[other] characters
}.
card-btn-watch = 🔔 Watch
# 🔔 on the card says its state: watching (a press stops it)
card-btn-watching = 🔕 Watching · stop
watch-on = 🔔 You will be told when this order's status changes
watch-off = 🔕 You no longer watch this order

## /me and /my
cmd-me = Who I am: link my Telegram to my employee record
cmd-my = My open orders (master or manager)
cmd-notify = Notifications: what the bot tells me
me-linked = You are linked to <b>{ $name }</b>.
me-not-linked = You are not linked to an employee yet.
me-pick = Pick yourself among the staff:
me-narrow = { $count } { $count ->
    [one] person
   *[other] people
}: send <code>/me</code> with a part of your name to narrow the list.
me-no-staff = No one of the staff matches.
me-btn-remove = ❌ Remove the link
me-done = ✅ You are <b>{ $name }</b> now. /my lists your open orders; /notify sets what the bot tells you.
me-removed = The link is removed. /me links you again.
me-failed = The staff list cannot be loaded now; try again.
my-not-linked = First tell the bot who you are: /me
my-title = 👤 My open orders
my-heading = 👤 My open orders, overdue first: { $total }. Page { $page } of { $pages }:
my-none = You have no open orders as master or manager.

## /notify and the notifications
notify-private-only = 🔒 Notifications are set up in <a href="{ $link }">the private chat with the bot</a>: send /notify there.
notify-heading = 🔔 <b>Notifications</b>: tap to switch one on or off.
notify-not-linked = Orders “assigned to me”, “I am on” and the morning digest need /me first.
notify-not-linked-digest = The morning digest needs /me first: it lists the orders you are on.
notify-watching = Watched orders: { $count }
notify-kind-assigned = An order assigned to me
notify-kind-status = Status changes of my orders
notify-kind-ready = An order is ready (any order)
notify-kind-digest = Morning digest: overdue and due today
notify-assigned-master = 👤 Order <b>{ $number }</b> was assigned to you as master
notify-assigned-manager = 👤 Order <b>{ $number }</b> was assigned to you as manager
notify-status = 🔁 Order <b>{ $number }</b>: the status is now “{ $status }”
notify-ready = ✅ Order <b>{ $number }</b> is ready: “{ $status }”
digest-heading = ☀️ Good morning! Overdue: { $overdue }, due today: { $today }, stuck: { $stuck }.
digest-overdue = ⏰ <b>Overdue</b> ({ $count }):
digest-today = 📅 <b>Due today</b> ({ $count }):

## /help with the order mirror
help-mirror =
    🔎 <b>Search and me</b>
    • send a client's name, a phone, a device or a serial number: the matching orders
    • /me — who I am (my employee record) · /my — my open orders · /notify — what the bot tells me
me-taken = 🔒 <b>{ $name }</b> is linked to { $holder } already. One employee, one Telegram account.
me-ask-operator = If that is wrong, ask an operator to release the record.
me-btn-release = 🔓 Release
me-released = 🔓 Released: { $holder } is no longer linked to it. It can be picked in /me now.
me-free = The record is free already: pick it in /me.
# A digest line: the order, its client, how late (or when it is due, or its status when stuck).
digest-line-client = • { $order } · { $client } · { $how }
digest-due-at = due at { $time }
digest-late-hours = { $hours ->
    [0] less than an hour late
    [one] { $hours } hour late
   *[other] { $hours } hours late
}
digest-late-days = { $days ->
    [one] { $days } day late
   *[other] { $days } days late
}
