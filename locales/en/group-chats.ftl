# Group chats: what works there, the card's link to the private chat.
help-group =
    👥 <b>In a group</b>
    • an order number (<code>1042</code>) or /order 1042 — the order's card without the client's phone numbers
    • in any chat: <code>@{ $bot } 1042</code> to share the card
    Client search, new orders and changes: in the private chat with me, @{ $bot }
card-btn-private = ✏️ Change in the private chat
