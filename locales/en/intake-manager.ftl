## The order's manager: the clerk linked with /me by default (changeable with ✏️ Edit)
new-ask-manager = Manager:
new-sum-manager = Manager: { $value }
new-part-manager = Manager
