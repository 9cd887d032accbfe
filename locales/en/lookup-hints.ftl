# Order lookup misses: the phone search after a number, the shape of numbers (features/order-lookup.ts).
lookup-none-phone = No client's phone contains these digits either.
lookup-hint-shape = Numbers here are { $prefix } and { $digits } digits, for example <code>{ $example }</code>.
lookup-by-phone = 🔍 No order with the number <b>{ $num }</b>; orders of clients whose phone contains { $num }: { $total }. Page { $page } of { $pages }:
lookup-by-phone-one = 📞 No order with the number <b>{ $num }</b>; found by the client's phone:
