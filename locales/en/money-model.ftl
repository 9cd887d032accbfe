## The order card: the price by the estimate (the service holds no works or parts)
card-price-estimate = 💰 Price: { $amount } (by estimate)
## The order card: the repair declined or returned without repair — the estimate is not owed
card-money-declined = ❌ No repair: the estimate is not owed
## Cash beyond what is left to pay: change or an overpayment (dialog-kit/payment.ts settleOverpayment)
pay-change-or-keep = 💵 Received { $total }, due { $left }. Change { $over }, or keep it as an overpayment?
pay-btn-change = 💵 Change { $amount }
pay-btn-keep-over = ↩️ Keep as an overpayment
pay-btn-other-amount = ✏️ Another amount
## The payment's note reaches the order's comments too (in the same request)
st-payment-comment = 💰 Payment { $amounts }: { $note }
## A staff notice: the order entered a status that takes payment (e.g. the client approved)
notify-prepayment-expected-due = 💰 A prepayment is expected: { $amount } due
notify-prepayment-expected = 💰 A prepayment is expected (the order has no price)
