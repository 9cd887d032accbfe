## The order card: the approximate price beside the price of works and parts (issue 26.6)
card-approx-price-beside = Preliminary price: { $price } (works and parts: { $works })
## /cash: one register's day (issue 26.7): income and expense without moves, then its moves
cash-register-today = ↳ today: income { $income } ₽, expense { $expense } ₽
cash-register-moves = ↳ moves between registers: in { $in } ₽, out { $out } ₽

## Commands and /help (issue 26)
cmd-client = Find a client by name or phone: their card and orders
cmd-deleted = Orders deleted lately (owners)
help-clients-viewer =
    👤 <b>Clients</b>
    • /client <i>name or phone</i> — the client's card with all their orders (👤 on an order card too)
help-clients-operator =
    👤 <b>Clients and mistakes</b>
    • /client <i>name or phone</i> — the client's card with all their orders (👤 on an order card too)
    • ✏️ Edit on the client card — fix a phone, a name, an e-mail…
    • 👤 Client → 🔁 on an order card — move the order to another client
    • 🗑 Delete on an order card — an order created by mistake
help-deleted = 🗑 /deleted — orders deleted lately, and who deleted them

## The client card (issue 26.1)
card-btn-client = 👤 Client
client-usage = Find a client by name, phone or e-mail: <code>/client Ivanov</code> or <code>/client 4567</code> ({ $min } to { $max } characters).
client-none = 👤 No client matches “{ $query }”.
client-found = 👤 Clients matching “{ $query }”: { $count }. Pick one:
client-found-extra = 👤 Clients found: { $count } (their card lists every order):
client-orders-only = 📜 { $count } orders read; the client's card could not be shown now.
client-card-title = 👤 <b>{ $name }</b>
client-card-type = Type: { $type }
client-card-phones = 📞 { $phones }
client-card-email = ✉️ { $email }
client-card-address = 🏠 { $address }
client-card-rating = Rating: { $mark }
client-card-roles = Buyer / vendor: { $roles }
client-role-buyer = buyer
client-role-vendor = vendor
client-card-messages = Messages: SMS { $sms } · e-mail { $email } · Telegram { $telegram }
client-card-source = Came from: { $source }
client-card-note = 📝 { $note }
client-card-orders = 🧾 Orders: { $count } (open first, newest first):
client-card-orders-held = 🧾 Orders the bot knows: { $count } (open first, newest first); 📜 reads the older ones:
client-card-no-orders = 🧾 No orders.
client-card-no-orders-held = 🧾 No order of this client is among those the bot knows; 📜 reads them from the CRM.
client-btn-older = 📜 All orders
client-btn-edit = ✏️ Edit
client-btn-move = 🔁 Another client for the order

## Deleted orders (issue 26.4, 29.10)
lookup-deleted = 🗑 Order <b>{ $number }</b> was deleted.
lookup-deleted-by = 🗑 Order <b>{ $number }</b> was deleted by { $name } on { $time }.
card-deleted = 🗑 <b>Deleted</b>
deleted-title = 🗑 <b>Deleted lately</b>: { $count }
deleted-line = • <b>{ $number }</b> { $what }
deleted-line-by = • <b>{ $number }</b> { $what } — deleted by { $name }, { $time }
deleted-none = 🗑 No order was deleted in the last { $days } days.
