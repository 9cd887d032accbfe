## Кнопки списка зависших: сколько каждый заказ не менялся
stuck-untouched = 🐢 { $days } дн.
stuck-untouched-at-least = 🐢 ≥{ $days } дн.
