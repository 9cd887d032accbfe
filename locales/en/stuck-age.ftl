## The stuck list's buttons: how long each order has been untouched
stuck-untouched = 🐢 { $days } d
stuck-untouched-at-least = 🐢 ≥{ $days } d
