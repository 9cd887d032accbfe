## The order card: what is left to pay (price after discount less what was paid)
card-balance = К оплате: { $amount }
## The order card: the discount (the price less the price after discount)
card-discount = Скидка: { $amount }

# Карточка заказа: оплачено больше цены (принятая переплата) — сколько мастерская должна клиенту
card-shop-owes = ↩️ Переплата: мастерская должна клиенту { $amount }
