# The fast intake (/new): the client search, the device step, the summary's groups of optional details.
new-ask-device-type-recent = Device type: pick one or type it.
new-client-found = Found for “{ $query }”: { $found }, shown { $from }–{ $to }. Pick the client, or add a new one.
new-client-none-phone = Nobody found with the phone “{ $query }”. Type the new client's name (the phone is kept), or search again.
new-client-search-failed = The search for “{ $query }” did not work. Search again, or add a new client.
new-btn-more-clients = ▶️ More
new-now = Now: <b>{ $value }</b> — Skip keeps it.
new-group-client = 👤 Client details
new-group-device = 📱 Brand, model, serial
new-group-condition = 📦 Equipment, appearance
new-group-price = 💰 Price, deadline
new-group-staff = 👷 Master, urgency
new-group-source = 📣 Source
new-group-fields = 🧩 Other fields
new-group-prepayment = 💳 Prepayment
new-btn-all-details = 📝 Every detail
new-part-problem = Faults
## Payment that knows the balance (status change; the card)
pay-left-to-pay = Left to pay: { $amount }.
pay-btn-due = 💰 { $amount }: all that is left
pay-btn-rest = 💰 { $amount }: the rest
st-confirm-unpaid = ⚠️ { $amount } remains unpaid: the order is closed with a debt.
card-paid-in-full = ✅ Paid in full
pay-no-registers = No register of this workshop takes payments: no payment is recorded.
# A payment beyond what is left to pay (dialog-kit/payment.ts confirmOverpayment).
pay-over = ⚠️ The payment of { $total } is more than is left to pay ({ $left }): an overpayment of { $over }. Take it anyway?
pay-over-no-price = ⚠️ The order has no price: all of the payment of { $total } is an overpayment. Take it anyway?
# The new client's name: the search text offered in one tap when it reads as a name.
new-btn-offered-name = 👤 { $name }
new-client-name-is-phone = That is a phone number: type the client's name here; the phone is asked next.
# The summary: a new client's contacts and the device, each field on its own line as it will be sent.
new-sum-client-phone = { "   " }Phone: { $value }
new-sum-client-email = { "   " }E-mail: { $value }
new-sum-client-address = { "   " }Address: { $value }
new-sum-brand-model = Brand, model: { $value }

# The intake's workshop taken from the clerk's last intake (or /me), not asked
new-shop-remembered = 🏪 Workshop: <b>{ $shop }</b> (✏️ Edit in the summary changes it)

# Phones: read as numbers of the shop's country (PHONE_COUNTRY)
new-client-searched-phone-bad = “{ $query }” is not a whole phone number, so it was not kept. Type the client's phone, or skip.
