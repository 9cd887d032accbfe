# Order lookup misses: the phone search after a number, the shape of numbers (features/order-lookup.ts).
lookup-none-phone = No client's phone or serial number contains these digits either.
lookup-hint-shape = Numbers here are { $prefix } and { $digits } digits, for example <code>{ $example }</code>.
lookup-by-phone = 🔍 No order with the number <b>{ $num }</b>; orders of clients whose phone contains { $num }: { $total }. Page { $page } of { $pages }:
lookup-by-phone-one = 📞 No order with the number <b>{ $num }</b>; found by the client's phone:
lookup-by-serial-one = 🔢 No order with the number <b>{ $num }</b>; found by the serial number:
lookup-by-digits = 🔍 No order with the number <b>{ $num }</b>; orders whose client's phone or serial number contains { $num }: { $total }. Page { $page } of { $pages }:
# Under the card of an order found by its number: the clients whose phone holds the same digits.
lookup-btn-phone-clients = 📞 Phones with { $digits }: { $count ->
    [one] { $count } client
   *[other] { $count } clients
}

# Order lookup: a number typed with letters found nothing; how these workshops write it
lookup-hint-form = Numbers here are written like <code>{ $example }</code>.
