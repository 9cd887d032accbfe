# Order lookup misses: the phone search after a number, the shape of numbers (features/order-lookup.ts).
lookup-none-phone = Телефона клиента или серийного номера с этими цифрами тоже нет.
lookup-hint-shape = Номера здесь — это { $prefix } и { $digits } цифр, например <code>{ $example }</code>.
lookup-by-phone = 🔍 Заказа с номером <b>{ $num }</b> нет; заказы клиентов, в телефоне которых есть { $num }: { $total }. Страница { $page } из { $pages }:
lookup-by-phone-one = 📞 Заказа с номером <b>{ $num }</b> нет; найден по телефону клиента:
lookup-by-serial-one = 🔢 Заказа с номером <b>{ $num }</b> нет; найден по серийному номеру:
lookup-by-digits = 🔍 Заказа с номером <b>{ $num }</b> нет; заказы, где в телефоне клиента или серийном номере есть { $num }: { $total }. Страница { $page } из { $pages }:
# Под карточкой заказа, найденного по номеру: клиенты, в телефоне которых те же цифры.
lookup-btn-phone-clients = 📞 Телефоны с { $digits }: { $count } { $count ->
    [one] клиент
    [few] клиента
   *[many] клиентов
}

# Order lookup: a number typed with letters found nothing; how these workshops write it
lookup-hint-form = Номера здесь пишутся так: <code>{ $example }</code>.
