# The bot's own storage (DATA_DIR or Redis) refuses writes or cannot be reached.
store-answer-kept = ⚠️ Your answer could not be saved: the bot's storage is not available right now. It is kept; go on, or try again in a moment.
store-unavailable = ⚠️ The bot's storage is not available right now, so this cannot be done. Try again in a moment.
store-unavailable-typed = ⚠️ The bot's storage is not available right now, so an open dialog cannot take answers. If this was an answer to one, send it again in a moment: the dialog waits where it was.

# A store that refused a write or a read while handling an update (StoreWriteError / StoreReadError).
store-refused = ⚠️ { $fault ->
    [read-only] The bot's storage is read-only
    [full] The bot's storage is full
    [unavailable] The bot's storage is not available
   *[other] The bot's storage failed
} right now, so this could not be saved. Try again later.
