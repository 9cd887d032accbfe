# A store that refused a write or a read while handling an update (StoreWriteError / StoreReadError).
store-refused = ⚠️ { $fault ->
    [read-only] The bot's storage is read-only
    [full] The bot's storage is full
    [unavailable] The bot's storage is not available
   *[other] The bot's storage failed
} right now, so this could not be saved. Try again later.
