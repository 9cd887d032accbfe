# The write reserve (WRITE_RESERVE): reads stop so that changes always go through.
err-write-reserve = ⏳ Lookups are paused until { $time }: the service's last { $reserve ->
        [one] request of this window is
       *[other] { $reserve } requests of this window are
    } kept for saving changes (statuses, payments, diagnoses). Saving still works; what the bot already holds is shown as before.
cash-reserve = ⏳ /cash needs { $needed ->
        [one] a request
       *[other] { $needed } requests
    } to the service, and until { $time } only those kept for saving changes are left. Nothing was read; please try again after that.
# /status: the reserve beside the requests left.
status-write-reserve = Kept for saving changes: the last { $reserve }; lookups may spend { $readable } more
