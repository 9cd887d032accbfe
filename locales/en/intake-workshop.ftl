## The intake's workshop taken from the clerk's last intake (or /me), not asked
new-shop-remembered = 🏪 Workshop: <b>{ $shop }</b> (✏️ Edit in the summary changes it)
