# The order mirror in /status.
mirror-status-off = Order mirror: off (every lookup asks the service)
mirror-status-orders = Orders in the mirror: <b>{ $orders }</b>
mirror-status-synced = Last sync: { $time } ({ $age } s ago)
mirror-status-never = Last sync: none yet
mirror-status-backfill = First fill in progress
mirror-status-requests = Sync requests this window: { $spent } of { $budget }; { $reserve } always kept for users
mirror-status-replica = This instance reads the copy another instance syncs
mirror-status-error = Last sync attempt stopped: { $error }
mirror-error-quota = the request limit is reached; it goes on after the reset
mirror-error-unavailable = the service does not answer; it tries again later
mirror-error-other = an error (see the log); it tries again later
