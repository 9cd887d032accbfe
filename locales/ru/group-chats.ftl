# Group chats: what works there, the card's link to the private chat.
help-group =
    👥 <b>В группе</b>
    • номер заказа (<code>1042</code>) или /order 1042 — карточка заказа без телефонов клиента
    • в любом чате: <code>@{ $bot } 1042</code> — поделиться карточкой
    Поиск клиентов, новые заказы и изменения — в личном чате со мной: @{ $bot }
card-btn-private = ✏️ Изменить в личном чате
