/**
 * Who wrote a comment sent through the bot (decisions.md, "Clients ...": the
 * service signs every API comment with the API user): the comment begins with
 * its author's name and a colon. The name is the employee linked with /me,
 * else the Telegram name. The card reads the name back (`commentByName`), so
 * it shows the person, not the API user (ui/comment-name.ts).
 */
import type { BotServices } from "../context.ts";

const AUTHOR_LIMIT = 60;

/** The author's name for a comment of this Telegram user; never throws (a store failure: the Telegram name). */
export async function commentAuthor(
  services: Pick<BotServices, "users">,
  from: { id: number; first_name: string; last_name?: string } | undefined,
): Promise<string> {
  const telegram = [from?.first_name, from?.last_name].filter(Boolean).join(" ").trim();
  const linked = from
    ? await services.users
        .read(from.id)
        .then((settings) => settings.employee?.name.trim())
        .catch(() => undefined)
    : undefined;
  const name = (linked || telegram || String(from?.id ?? "")).replace(/[\r\n:]+/g, " ").trim();
  return name.slice(0, AUTHOR_LIMIT);
}

/** The comment as sent: "Анна Петрова: text". */
export function signedComment(author: string, text: string): string {
  return author ? `${author}: ${text}` : text;
}
