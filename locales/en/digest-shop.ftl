## The morning digest: ready for pick-up and debts left at closing (the whole shop in an owner's)
digest-heading-shop = Ready for pick-up: { $ready }, debts after hand-over: { $debts }.
digest-ready = 📦 <b>Ready, waiting for the client</b> ({ $count }):
digest-ready-waiting = { $days ->
    [0] ready today
    [one] waiting { $days } day
   *[other] waiting { $days } days
}
digest-debts = 💸 <b>Debts after hand-over</b> ({ $count }, { $total } in all):
digest-debt-due = { $amount } due
digest-debt-closed = { $days ->
    [0] handed over today
    [one] handed over { $days } day ago
   *[other] handed over { $days } days ago
}
