# A client's repair request (issue 36.5). The client's texts (their language):
repair-btn-request = 📥 Request a repair
repair-share-first = To request a repair, first share your phone number with the button below, so the workshop knows who you are.
repair-ask-device-earlier = 📥 Repair request. Which device? Pick one of yours or type it.
repair-ask-device = 📥 Repair request. Which device? Type it, e.g. "Samsung A52 phone".
repair-ask-fault = What is wrong with "{ $device }"? Describe the fault.
repair-ask-when = When can you bring the device? Pick or type.
repair-when-today = Today
repair-when-tomorrow = Tomorrow
repair-when-week = This week
repair-btn-cancel = ✖ Cancel
repair-cancelled = The request is cancelled.
repair-answer-length = Please use 2 to { $limit } characters.
repair-sent = ✅ Your request is sent to the workshop. Once it is taken in, we will send you the order's number.
repair-not-sent = Nobody can take the request right now. Please call the workshop.
repair-too-many = You have sent several requests today already. If you need another, write to us or call the workshop.
repair-taken = ✅ Your repair request is taken in: order <b>{ $number }</b>.
repair-taken-no-number = ✅ Your repair request is taken in, the order is created.
# The staff's texts (their language):
repair-inbox-title = 📥 <b>Repair request</b>
repair-inbox-device = Device: { $device }
repair-inbox-fault = Fault: { $fault }
repair-inbox-when = Will bring it: { $when }
repair-btn-take-in = 📥 Take in
repair-already-taken = The request is taken in already: order { $number }.
repair-take-in-private = The request is in your private chat with the bot: take it in there.
repair-start-bot = Open the chat with the bot (/start) first: the intake runs there.
new-from-request = 📥 From a client's request: the client, the device and the fault are filled in. Will bring it: { $when }.
