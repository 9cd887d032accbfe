## Order lists (lookups, /overdue): a list narrowed to the configured workshops here
list-title-number = 🔍 “<b>{ $query }</b>”
list-scoped = { $title }: { $count ->
        [one] { $count } order
       *[other] { $count } orders
    } of the configured workshops among matches { $from }–{ $to } of { $total } in all workshops. Shown: { $first }–{ $last }.
list-scoped-none = { $title }: no order of the configured workshops among matches { $from }–{ $to } of { $total } in all workshops; “Next” checks the following ones.
# The deadline mark on a list's button (ui/deadline-mark.ts): short, the date as dd.mm.
list-due = ⏰ { $date }
list-overdue-today = ❗ overdue today
list-overdue-days = ❗ { $days } d overdue
