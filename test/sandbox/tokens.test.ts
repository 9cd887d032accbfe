import { describe, expect, it } from "vitest";
import { Tokens } from "../../src/sandbox/auth.ts";
import { manualClock } from "./helpers.ts";

describe("sandbox tokens", () => {
  it("expired tokens that are never used again do not pile up (a client logging in over and over)", () => {
    const clock = manualClock();
    const tokens = new Tokens(clock);
    tokens.addPermanent("fixed", "demo");
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 1_000; i++) tokens.issue("demo", 60);
      clock.advance(61_000); // every token of this round has expired, none is resolved again
    }
    expect(tokens.size).toBeLessThan(5_000);
    expect(tokens.resolve("fixed")).toBe("demo");
  });
});
