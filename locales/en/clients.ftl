## The order card: the approximate price beside the price of works and parts (issue 26.6)
card-approx-price-beside = Preliminary price: { $price } (works and parts: { $works })
