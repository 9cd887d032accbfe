# Words a user may type for a date or before a time ("tomorrow 12:00", "today at 18:30").
# Read in every language: a date typed in either is understood. Several words: separated by "|".
date-word-today = today
date-word-tomorrow = tomorrow
date-word-day-after = day after tomorrow
date-word-at = at
