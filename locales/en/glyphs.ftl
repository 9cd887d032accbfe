# Marks and separators the bot builds texts and buttons with (the same in every language, kept here with all text).
# An empty value (a status, a client, a date the record lacks).
value-none = —
# The current choice among buttons (a status, a master, one's own /me link).
mark-current = • { $label }
# An employee another user has linked with /me.
mark-held = 🔒 { $label }
# A status that asks for a payment.
mark-pay-required = { $label } 💰
# Between the steps of a path (the status groups, in order).
list-arrow = {" → "}
# A closed dialog prompt with the answer given: on its own line, or after a prompt ending in ":".
prompt-answered =
    { $prompt }
    → <b>{ $answer }</b>
prompt-answered-inline = { $prompt } <b>{ $answer }</b>
# One order in the morning digest.
digest-line = • { $order } · { $status }
