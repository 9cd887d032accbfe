## Списки заказов (поиск, /overdue): список, суженный до выбранных мастерских
list-title-number = 🔍 «<b>{ $query }</b>»
list-scoped = { $title }: в выбранных мастерских { $count ->
        [one] { $count } заказ
        [few] { $count } заказа
       *[many] { $count } заказов
    } среди совпадений { $from }–{ $to } из { $total } во всех мастерских. Показаны { $first }–{ $last }.
list-scoped-none = { $title }: в выбранных мастерских заказов нет среди совпадений { $from }–{ $to } из { $total } во всех мастерских; «Далее» проверит следующие.
# The deadline mark on a list's button (ui/deadline-mark.ts): short, the date as dd.mm.
list-due = ⏰ { $date }
list-overdue-today = ❗ просрочен сегодня
list-overdue-days = ❗ просрочен на { $days } дн.
