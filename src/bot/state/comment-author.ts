/**
 * Who wrote a comment sent through the bot (decisions.md, "Clients ...": the
 * service signs every API comment with the API user): the comment begins with
 * its author's name and a colon. The name is the employee linked with /me,
 * else the Telegram name. The card reads the name back (`commentByName`), so
 * it shows the person, not the API user (ui/comment-name.ts).
 */
import type { UserSettingsStore } from "./user-settings.ts";

const AUTHOR_LIMIT = 60;

/** The author's name for a comment of this Telegram user; never throws (a store failure: the Telegram name). */
export async function commentAuthor(
  services: { users: UserSettingsStore },
  from: { id: number; first_name: string; last_name?: string } | undefined,
): Promise<string> {
  const telegram = [from?.first_name, from?.last_name].filter(Boolean).join(" ").trim();
  const linked = from
    ? await services.users
        .read(from.id)
        .then((settings) => settings.employee?.name.trim())
        .catch(() => undefined)
    : undefined;
  return readableName(linked || telegram);
}

/**
 * The name as the card reads it back (ui/comment-name.ts): up to 4 words of
 * letters (and digits, . ' ’ -) each starting with a capital, at most AUTHOR_LIMIT
 * long, cut between words. An emoji, HTML or a colon in a Telegram name would
 * otherwise leave the card showing the API user; nothing readable: unsigned.
 */
export function readableName(raw: string): string {
  const words = raw
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}.'’-]/gu, ""))
    .filter((word) => /^\p{L}/u.test(word))
    .map((word) => {
      const [first = "", ...rest] = [...word];
      return first.toLocaleUpperCase() + rest.join("");
    });
  let name = "";
  for (const word of words.slice(0, 4)) {
    const longer = name ? `${name} ${word}` : word;
    if (longer.length > AUTHOR_LIMIT) break;
    name = longer;
  }
  // One word longer than the limit: cut between characters, never inside one.
  if (!name && words[0]) for (const ch of words[0]) if (name.length + ch.length <= AUTHOR_LIMIT) name += ch;
  return name;
}

/** The comment as sent: "Анна Петрова: text". */
export function signedComment(author: string, text: string): string {
  return author ? `${author}: ${text}` : text;
}
