## The order card: paid beyond the price (an overpayment taken): what the shop owes the client
card-shop-owes = ↩️ Overpaid: the shop owes the client { $amount }
