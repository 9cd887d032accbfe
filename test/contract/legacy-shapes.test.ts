/**
 * The whole contract suite once more, against the sandbox answering in the
 * older shapes (`--shapes legacy`): numbers with a separator, a full order with
 * `summ` and `cash: {summ, cash, bank}`, statuses' roles as keys, no shop
 * phones. The client must read both the same way.
 */
process.env.CONTRACT_SHAPES = "legacy";

await import("./access.test.ts");
await import("./cash.test.ts");
await import("./counteragents.test.ts");
await import("./employees-reference.test.ts");
await import("./orders-list.test.ts");
await import("./orders-write.test.ts");
await import("./rules.test.ts");
await import("./shapes.test.ts");
