# Shared dialog steps (src/bot/dialog-kit/): dates, money, staff, bounded text.
dlg-date-past = { $date } is in the past. Please give a future date.
dlg-btn-no-date = 🗑 No date
dlg-money-too-small = The amount is too small: at least { $min } ₽.
dlg-text-up-to = Up to { $max } { $max ->
    [one] character
   *[other] characters
}.
dlg-text-between = From { $min } to { $max } { $max ->
    [one] character
   *[other] characters
}.
dlg-text-too-short = Too short: at least { $min } { $min ->
    [one] character
   *[other] characters
}.
dlg-staff-unknown = No such person here. Pick a button or type the name more exactly.
dlg-btn-back-page = ◀ Back
dlg-btn-next-page = More ▶
dlg-ask-master = Master:
dlg-ask-manager = Manager:
# A dialog saved by the bot's previous version, which this one cannot continue (dialog-kit/outdated.ts).
dlg-updated-intake = ℹ️ The bot was updated; your intake was not kept. Start it again: /new
dlg-updated = ℹ️ The bot was updated; your dialog was not kept. Start it again.

# A lookup (/order N, or a number typed where the question takes none) inside a dialog: the card above, the question again
dlg-lookup-goes-on = ↩️ The dialog goes on where it was:
