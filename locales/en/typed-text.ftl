# Typed answers in dialogs.
dlg-text-invisible = This text shows nothing (only invisible characters): type the answer in letters or digits.
