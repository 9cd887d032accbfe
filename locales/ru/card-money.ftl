## The order card: what is left to pay (price after discount less what was paid)
card-balance = К оплате: { $amount }
