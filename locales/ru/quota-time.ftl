## Время обновления лимита: с часовым поясом и через сколько (верно в любом поясе читателя)
quota-reset-soon = { $time } ({ $zone }, через { $minutes } мин)
quota-reset-at = { $time } ({ $zone })
