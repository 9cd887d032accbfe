/** Widest first: owners may do all operators may, plus money and output. */
export type Role = "owner" | "operator" | "viewer" | "stranger";
