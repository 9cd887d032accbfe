# Список, в который добавляют (dialog-kit/ask-list.ts): комплектация, внешний вид.
kit-list-now = Сейчас: { $items }
kit-list-add-hint = <i>То, что вы напишете (по одному на строку), добавится к списку.</i>
kit-list-btn-replace = 🔁 Заменить список
kit-list-ask-replace = Весь список заново (по одному на строку); он заменит нынешний:

# Сводка диалога правки (dialog-kit/field-summary.ts).
kit-summary-line = { $label }: { $value }
kit-summary-changed = ✏️ { $label }: { $value }
