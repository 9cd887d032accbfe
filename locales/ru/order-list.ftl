## Списки заказов (поиск, /overdue): список, суженный до выбранных мастерских
list-title-number = 🔍 «<b>{ $query }</b>»
list-scoped = { $title }: в выбранных мастерских { $count ->
        [one] { $count } заказ
        [few] { $count } заказа
       *[many] { $count } заказов
    } среди совпадений { $from }–{ $to } из { $total } во всех мастерских. Показаны { $first }–{ $last }.
