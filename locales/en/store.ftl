# The bot's own storage (DATA_DIR or Redis) refuses writes or cannot be reached.
store-answer-kept = ⚠️ Your answer could not be saved: the bot's storage is not available right now. It is kept; go on, or try again in a moment.
store-unavailable = ⚠️ The bot's storage is not available right now, so this cannot be done. Try again in a moment.
store-unavailable-typed = ⚠️ The bot's storage is not available right now, so an open dialog cannot take answers. If this was an answer to one, send it again in a moment: the dialog waits where it was.
