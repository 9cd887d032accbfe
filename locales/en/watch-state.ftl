## 🔔 on the card says its state: watching (a press stops it)
card-btn-watching = 🔕 Watching · stop
