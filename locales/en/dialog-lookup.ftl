## A lookup (/order N, or a number typed where the question takes none) inside a dialog: the card above, the question again
dlg-lookup-goes-on = ↩️ The dialog goes on where it was:
