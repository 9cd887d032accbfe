/** Counts what a clerk does (messages sent plus buttons pressed): the intake's figure of effort. */
import type { TestUser } from "./test-bot.ts";

export interface CountingUser extends TestUser {
  /** Messages sent and buttons pressed since the wrapper was made (or the last reset). */
  interactions(): number;
  resetInteractions(): void;
}

export function countingUser(user: TestUser): CountingUser {
  let count = 0;
  return {
    ...user,
    send(text) {
      count++;
      return user.send(text);
    },
    press(wanted, options) {
      count++;
      return user.press(wanted, options);
    },
    pressData(data, message) {
      count++;
      return user.pressData(data, message);
    },
    interactions: () => count,
    resetInteractions: () => {
      count = 0;
    },
  };
}
