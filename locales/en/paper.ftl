## Paper: the card's buttons and what the bot says about a document (the clerk's language)
card-btn-receipt = 🧾 Receipt
card-btn-act = 🧾 Act
paper-receipt-caption = 🧾 Intake receipt of order { $number } ({ $format }).
paper-act-caption = 🧾 Completion act of order { $number } ({ $format }).
paper-format-a4 = A4
paper-format-80mm = 80 mm roll
paper-sent-private = 🧾 The document is in your chat with the bot.
paper-start-bot = Open the chat with the bot (/start) first: the document goes there.
paper-not-ready = The act is printed for an order that is ready or handed over.
paper-failed = The document could not be drawn. Try again; if it happens again, tell the administrator.

## Paper: the documents' own texts (DOCUMENT_LOCALE, whatever the clerk's language)
paper-receipt-title = Repair intake receipt
paper-act-title = Certificate of completed work
paper-order-number = Order No. { $number }
paper-shop-phone = Phone: { $phone }
paper-shop-hours = Opening hours: { $hours }
paper-intake-date = Received
paper-handover-date = Handed over
paper-client = Client
paper-client-phone = Phone
paper-device = Device
paper-device-type = Type
paper-brand = Brand
paper-model = Model
paper-serial = Serial number
paper-color = Colour
paper-faults = Faults
paper-equipment = Equipment left
paper-appearance = Appearance
paper-estimate = Estimated price
paper-prepayment = Prepayment
paper-deadline = Ready by
paper-clerk = Received by
paper-terms = Terms of repair
paper-terms-default =
    1. The workshop diagnoses and repairs the device within 45 days unless agreed otherwise with the client. A price above the estimate is agreed with the client before the work starts.
    2. The workshop is not responsible for data on the device: back it up before handing it in. Hidden defects not listed on this receipt may show when the device is opened.
    3. The device is returned against this receipt or the client's identity document. A device not collected within 90 days after the client was told it is ready is stored for a fee.
    4. The warranty on the work done is stated in the certificate of completed work.
paper-works = Works and parts
paper-col-no = No.
paper-col-name = Item
paper-col-count = Qty
paper-col-price = Price
paper-col-sum = Sum
paper-no-positions = No works or parts are listed.
paper-total = Total
paper-paid = Paid
paper-due = Due
paper-verdict = Verdict
paper-warranty = Warranty
paper-warranty-days = { $days ->
        [one] { $days } day
       *[other] { $days } days
    }, until { $until }
paper-warranty-none = no warranty
paper-act-statement = The work has been done in full. I have received the device and have no claims as to the scope, quality or timing of the work.
paper-sign-client = Client
paper-sign-shop = Workshop
paper-sign-hint = signature, name
paper-qr-hint = Scan for the order's status
paper-money = { $amount } ₽

# What stands on a document for a value the order does not have.
paper-none = —

## Paper: the money model on the act, the return act, the shop's legal details, two copies, bounds
card-btn-return-act = 🧾 Return act
paper-return-caption = 🧾 Return of the device without repair, order { $number } ({ $format }).
paper-return-title = Return of the device without repair
paper-return-statement = No repair was done. The device is returned to the client as it was handed in; I have no claims.
paper-return-no-works = No repair was done.
paper-repair-by-estimate = Repair (by estimate)
paper-total-by-estimate = Total (by estimate)
paper-to-return = To be returned to the client
paper-rows-more = …and { $count } more (the full list is in the order)
paper-shop-tax-id = Tax No. { $id }
paper-copy-client = Client's copy
paper-copy-shop = Shop's copy
paper-copy-cut = cut here
paper-cut = [cut]
# The client's acceptance of the terms in Telegram (issue 36.4): the block's title, and the phrase its comment carries.
paper-terms-accepted = Terms of repair accepted by the client
paper-terms-accepted-phrase = terms of repair accepted in Telegram
