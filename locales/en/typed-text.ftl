# Typed answers in dialogs.
dlg-text-invisible = This text shows nothing (only invisible characters): type the answer in letters or digits.
# A mistyped command: the nearest one of the user's menu.
unhandled-command-typo = There is no command /{ $typed }. Did you mean /{ $meant }?
