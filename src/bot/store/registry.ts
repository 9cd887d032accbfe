/** What the bot persists, one entry per namespace. */
export const REFERENCE_NAMESPACE = "reference";
