## The order card: the approximate price beside the price of works and parts (issue 26.6)
card-approx-price-beside = Preliminary price: { $price } (works and parts: { $works })
## /cash: one register's day (issue 26.7): income and expense without moves, then its moves
cash-register-today = ↳ today: income { $income } ₽, expense { $expense } ₽
cash-register-moves = ↳ moves between registers: in { $in } ₽, out { $out } ₽
