## Утренняя сводка: готовые к выдаче и долги после выдачи (вся мастерская в сводке владельца)
digest-heading-shop = Готовы к выдаче: { $ready }, долги после выдачи: { $debts }.
digest-ready = 📦 <b>Готовы, ждут клиента</b> ({ $count }):
digest-ready-waiting = { $days ->
    [0] готов сегодня
   *[other] ждёт { $days } дн.
}
digest-debts = 💸 <b>Долги после выдачи</b> ({ $count }, всего { $total }):
digest-debt-due = долг { $amount }
digest-debt-closed = { $days ->
    [0] выдан сегодня
   *[other] выдан { $days } дн. назад
}
