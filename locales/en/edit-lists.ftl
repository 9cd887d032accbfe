# A list the clerk adds to (dialog-kit/ask-list.ts): equipment, appearance.
kit-list-now = Now: { $items }
kit-list-add-hint = <i>What you type (one item per line) is added to the list.</i>
kit-list-btn-replace = 🔁 Replace the list
kit-list-ask-replace = The whole list anew (one item per line); it replaces what is there:

# The summary of an editing dialog (dialog-kit/field-summary.ts).
kit-summary-line = { $label }: { $value }
kit-summary-changed = ✏️ { $label }: { $value }
