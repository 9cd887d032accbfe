# Order lookup misses: the phone search after a number, the shape of numbers (features/order-lookup.ts).
lookup-none-phone = Телефона клиента с этими цифрами тоже нет.
lookup-hint-shape = Номера здесь — это { $prefix } и { $digits } цифр, например <code>{ $example }</code>.
lookup-by-phone = 🔍 Заказа с номером <b>{ $num }</b> нет; заказы клиентов, в телефоне которых есть { $num }: { $total }. Страница { $page } из { $pages }:
lookup-by-phone-one = 📞 Заказа с номером <b>{ $num }</b> нет; найден по телефону клиента:
