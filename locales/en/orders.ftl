## The order reader: misses that cost no request, each user's share of the quota, /find
lookup-none-beyond = The newest order is <b>{ $newest }</b>: please check the number.
search-none-service = Nothing found for “<b>{ $query }</b>”. Search by a client's name or part of it, a phone, a device, a serial number or IMEI, or send an order number.
search-usage = Search orders by a client's name, a phone, a device or a serial number: <code>/find Ivanov</code> (at least { $min } { $min ->
    [one] character
   *[other] characters
}).
err-lookup-share = ⏳ You have used your share of the service's requests for lookups ({ $limit } per 15 minutes), so that the rest of the staff keep theirs. It resets at { $time }.
cmd-find = Find orders by client, phone or device
help-search =
    🔎 <b>Search and me</b>
    • /find Ivanov — orders by a client's name, a phone, a device or a serial number
    • /me — who I am (my employee record) · /my — my open orders · /notify — what the bot tells me
