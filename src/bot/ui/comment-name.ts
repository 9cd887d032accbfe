/** The author's name a comment written through the bot begins with (state/comment-author.ts signs them). */

const AUTHOR_LIMIT = 60;

/**
 * A comment that begins with a person's name and a colon (as the bot writes
 * them): the name and the rest. A name is 1-4 words each starting with a
 * capital letter, so "Запчасть заказана: ..." stays a plain comment.
 */
const BY_NAME = /^(\p{Lu}[\p{L}\p{N}.'’-]*(?: \p{Lu}[\p{L}\p{N}.'’-]*){0,3}): ([\s\S]+)$/u;

export function commentByName(text: string): { author: string; text: string } | undefined {
  const match = BY_NAME.exec(text.trim());
  if (!match?.[1] || !match[2] || match[1].length > AUTHOR_LIMIT) return undefined;
  return { author: match[1], text: match[2] };
}
