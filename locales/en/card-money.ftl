## The order card: what is left to pay (price after discount less what was paid)
card-balance = To pay: { $amount }
## The order card: the discount (the price less the price after discount)
card-discount = Discount: { $amount }

# The order card: paid beyond the price (an overpayment taken): what the shop owes the client
card-shop-owes = ↩️ Overpaid: the shop owes the client { $amount }
