## Phones: read as numbers of the shop's country (PHONE_COUNTRY)
new-client-searched-phone-bad = “{ $query }” is not a whole phone number, so it was not kept. Type the client's phone, or skip.
