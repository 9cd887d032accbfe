## The order card: what is left to pay (price after discount less what was paid)
card-balance = К оплате: { $amount }
## The order card: the discount (the price less the price after discount)
card-discount = Скидка: { $amount }
