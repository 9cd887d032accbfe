/**
 * A chat's dialog ended from outside an update: the Mini App's form took over the
 * intake the chat's /new had started (its "🧾 Form" is a web_app button, so no
 * update says the clerk left). Only when that dialog is the chat's only one: a
 * dialog started since (a status change, say) is the clerk's and stays.
 */
import type { Store } from "../store/storage.ts";
import { dialogStates } from "./plugins.ts";

/** True when the chat's `name` dialog was open and is now ended. */
export async function endDialogOutside(store: Store, chatId: number, name: string): Promise<boolean> {
  let ended = false;
  await store.open(dialogStates).update(String(chatId), (current) => {
    if (!current) return current;
    const open = Object.keys(current.state).filter((key) => (current.state[key]?.length ?? 0) > 0);
    if (open.length !== 1 || open[0] !== name) return current;
    ended = true;
    return undefined;
  });
  return ended;
}
