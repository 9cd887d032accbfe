/** What the client inbox keeps in the store: each namespace declared once (store/registry.ts). */
import { z } from "zod";
import { persisted } from "../../store/registry.ts";

const DAY = 24 * 60 * 60;

/** Whose conversation an inbox message is: the linked client (Telegram user) and the order it is about. */
const thread = z.object({ client: z.number().int(), orderId: z.string().optional() });
export type InboxThread = z.infer<typeof thread>;

/** By `<chat>:<message>`: a staff reply to it (or to its ↩️ prompt, its delivery line) goes to that client alone. */
export const inboxThreads = persisted({
  namespace: "inbox-threads",
  schema: thread,
  ttlSeconds: 60 * DAY,
  whenStoreFails: "throw",
});

/** By the outbox key of a post: whose it is, so its delivered messages are mapped (inboxThreads). */
export const inboxPosts = persisted({
  namespace: "inbox-posts",
  schema: thread,
  ttlSeconds: 3 * DAY,
  whenStoreFails: "throw",
});

/** By `<chat>:<client>`: the client's topic (message_thread_id) in a forum inbox, made on their first message. */
export const inboxTopics = persisted({
  namespace: "inbox-topics",
  schema: z.number().int(),
  whenStoreFails: "throw",
});

/** By chat id: whether the inbox chat is a forum (getChat, once a day). */
export const inboxForums = persisted({
  namespace: "inbox-forums",
  schema: z.boolean(),
  ttlSeconds: DAY,
  whenStoreFails: "skip",
});

const held = z.object({
  updateId: z.number().int(),
  messageId: z.number().int(),
  /** A text message's words; absent: a media message, copied from the client's chat. */
  text: z.string().optional(),
  caption: z.string().optional(),
});
export type HeldMessage = z.infer<typeof held>;

/** By client: messages waiting for the client to say which order they are about. */
export const inboxHeld = persisted({
  namespace: "inbox-held",
  schema: z.array(held),
  ttlSeconds: 7 * DAY,
  whenStoreFails: "throw",
});

/** By client: the order their messages are about now ("-": none), as they chose it; 30 minutes. */
export const inboxAbout = persisted({
  namespace: "inbox-about",
  schema: z.string(),
  ttlSeconds: 30 * 60,
  whenStoreFails: "skip",
});

/** By client: they were told the shop got their message (once a day). */
export const inboxAcks = persisted({
  namespace: "inbox-acks",
  schema: z.number(),
  ttlSeconds: DAY,
  whenStoreFails: "skip",
});

/** By `<client>:<hour>`: order comments the client's chat wrote that hour (CLIENT_CHAT_COMMENTS_PER_HOUR). */
export const inboxCommentCounts = persisted({
  namespace: "inbox-comment-count",
  schema: z.number().int().nonnegative(),
  ttlSeconds: 2 * 60 * 60,
  whenStoreFails: "throw",
});
