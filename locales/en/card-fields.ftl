## The order card: a custom field (its name and value as the service has them)
card-field = 📌 { $name }: { $value }
