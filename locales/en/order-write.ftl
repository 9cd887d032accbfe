## The order writer: a write the bot was interrupted in, resolved at the next message
write-created-before = ✅ Order { $number } was created before the bot was interrupted. It is there: do not create it again.
write-changed-before = ✅ The change of order { $order } went through before the bot was interrupted:
write-now-status = the status is now “{ $status }”
write-now-taken = { $amount } taken
write-now-master = the master is now { $name }
write-now-manager = the manager is now { $name }
write-commented-before = ✅ The comment on order { $order } was added before the bot was interrupted.
write-created-after-all = ✅ Order { $number } was created after all: only its answer was lost on the way. It is there: do not create it again.
write-changed-after-all = ✅ The change of order { $order } went through after all (only its answer was lost on the way):
write-commented-after-all = ✅ The comment on order { $order } was added after all: only its answer was lost on the way.
write-not-sent-create = The order was not created: the request did not reach the CRM. Nothing was changed there.
write-not-sent-change = The change of order { $order } did not reach the CRM: nothing was changed there.
write-not-sent-comment = The comment on order { $order } did not reach the CRM: nothing was added.
write-unknown-create = ⚠️ The bot was interrupted while creating the order and cannot check now whether it was created: { $reason }
    Nothing is sent again until that is known; the dialog is kept. Write again in a minute.
write-unknown-change = ⚠️ The bot was interrupted while changing order { $order } and cannot check now whether the change went through: { $reason }
    Nothing is sent again until that is known; the dialog is kept. Write again in a minute.
write-unknown-comment = ⚠️ The bot was interrupted while adding the comment on order { $order } and cannot check now whether it was added: { $reason }
    Nothing is sent again until that is known; the dialog is kept. Write again in a minute.
write-store-down = ⚠️ The bot cannot save its guard against sending twice right now (its storage fails), so nothing was sent to the CRM. What you entered is kept: try again in a minute.
write-now-fields = { $count ->
    [one] { $count } field saved
   *[other] { $count } fields saved
}
write-bullet = •
write-unknown-now = ⏳ The CRM did not answer in time, so the bot does not know yet whether it went through. It finds out before sending anything again: a retry is safe.
