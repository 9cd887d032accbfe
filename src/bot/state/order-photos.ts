/**
 * The photos of an order, kept by the bot (the service has no upload): the
 * Telegram file id of the largest size of each photo, who added it and when,
 * at most MAX_PHOTOS per order (the oldest go first). Under the order id in
 * the bot's store (files or Redis); anything else under a key reads as none.
 * Also the short-lived links a photo needs to find its order: an album's
 * media group and the "📷 Add photos" press of a user in a chat.
 */
import { z } from "zod";
import { persisted } from "../store/registry.ts";
import type { Store } from "../store/storage.ts";

export const MAX_PHOTOS = 50;

const photo = z.object({
  /** file_id of the largest size: what sendPhoto / sendMediaGroup take. */
  id: z.string().min(1),
  /** file_unique_id: the same picture sent twice is kept once. */
  unique: z.string().optional(),
  by: z.number(),
  at: z.number(),
});
export type KeptPhoto = z.infer<typeof photo>;
const photos = z.array(photo);

const target = z.object({
  orderId: z.string().min(1),
  title: z.string(),
  /** The confirmation message of an album, edited as its photos arrive. */
  confirmId: z.number().optional(),
  added: z.number().default(0),
});
export type PhotoTarget = z.infer<typeof target>;

/** Under the order id. The photos themselves are Telegram's: a store that fails says so to the sender. */
const orderPhotos = persisted({ namespace: "order-photos", schema: photos, whenStoreFails: "throw" });
/** Under an album's media group or a user's chat; short-lived. */
const photoTargets = persisted({
  namespace: "photo-targets",
  schema: target,
  /** How long an album's messages or an "📷 Add photos" press point at their order. */
  ttlSeconds: 15 * 60,
  whenStoreFails: "throw",
});

export interface PhotoStore {
  list(orderId: string): Promise<KeptPhoto[]>;
  count(orderId: string): Promise<number>;
  /**
   * Adds the photos not kept yet, in one step of the store (photos sent at once by several
   * staff all land); returns how many were new and how many the order has now, as stored.
   */
  add(orderId: string, added: readonly KeptPhoto[]): Promise<{ added: number; total: number }>;
  target(key: string): Promise<PhotoTarget | undefined>;
  setTarget(key: string, value: PhotoTarget): Promise<void>;
  dropTarget(key: string): Promise<void>;
}

export function createPhotoStore(store: Store): PhotoStore {
  const kept = store.open(orderPhotos);
  const targets = store.open(photoTargets);
  const list = async (orderId: string): Promise<KeptPhoto[]> => (await kept.read(orderId)) ?? [];
  return {
    list,
    count: async (orderId) => (await list(orderId)).length,
    async add(orderId, added) {
      let result = { added: 0, total: 0 };
      await kept.update(orderId, (current = []) => {
        const fresh = added.filter(
          (p) => !current.some((k) => k.id === p.id || (p.unique !== undefined && k.unique === p.unique)),
        );
        const next = [...current, ...fresh].slice(-MAX_PHOTOS);
        result = { added: fresh.length, total: next.length };
        return next;
      });
      return result;
    },
    target: (key) => targets.read(key),
    async setTarget(key, value) {
      await targets.write(key, value);
    },
    async dropTarget(key) {
      await targets.delete(key);
    },
  };
}
