## A status change notice: who made it (the employee linked with /me, or whom the service's record names)
notify-changed-by = 👤 Changed by { $name }
