## The quota's reset time: its zone, and how long until it (right whatever the reader's zone)
quota-reset-soon = { $time } ({ $zone }, in { $minutes } min)
quota-reset-at = { $time } ({ $zone })
