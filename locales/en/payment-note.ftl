## The status change's confirmation: the payment's note offered as a button (not asked)
st-btn-note = 📝 Payment note
