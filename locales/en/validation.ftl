## Typed answers the bot cannot take, and why
pay-amount-too-large = The amount is too large: at most { $max } ₽.
