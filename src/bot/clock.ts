/**
 * Time as a dependency: the inline debounce sleeps and the card's overdue mark
 * reads "now". Tests inject a manual clock instead of faking global timers,
 * which would also stall the HTTP calls to the sandbox.
 */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
