// A form's submission as Telegram's Main button and the form's own button share it. Two hazards:
// the Main button can be pressed after a keystroke rendered but before an effect handed it the new
// render's handler (the old one would send the old amount), and a double tap lands before a render
// says `sending` (both presses would see it false). The newest handler goes through a ref, and a ref
// stops a second start at once.

import { setMain } from "./telegram.js";
import { useEffect, useRef, useState } from "./vendor/hooks.mjs";

/**
 * `run` once at a time: a start while one is under way is dropped. `[submit, sending]`; `submit(x)`
 * runs `run(x)` (a form's submit event is stopped from reloading the page).
 */
export function useSubmission(run) {
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  async function submit(arg) {
    arg?.preventDefault?.();
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    try {
      await run(arg);
    } finally {
      busy.current = false;
      setSending(false);
    }
  }
  return [submit, sending];
}

/** Telegram's Main button reading `text` (none: hidden) and running this render's `handler`, whenever pressed. */
export function useMainButton(text, handler, busy = false) {
  const latest = useRef(handler);
  latest.current = handler;
  const shown = Boolean(text && handler);
  useEffect(() => {
    setMain(shown ? text : undefined, shown ? () => latest.current() : undefined, busy);
    return () => setMain();
  }, [shown, text, busy]);
}
