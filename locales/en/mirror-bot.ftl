## The order mirror in the bot: card freshness, search
card-as-of = <i>as of { $time }</i>
search-heading = 🔍 “<b>{ $query }</b>”: { $total ->
        [one] { $total } order
       *[other] { $total } orders
    }, page { $page } of { $pages }
search-none = Nothing found for “<b>{ $query }</b>” among the { $orders } orders the bot holds. Search by a client's name or part of it, a phone, a device, a serial number or IMEI, or send an order number.
search-too-long = That is too long for a search: at most { $max } characters.
