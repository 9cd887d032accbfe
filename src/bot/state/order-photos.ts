/**
 * The photos of an order, kept by the bot (the service has no upload): the
 * Telegram file id of the largest size of each photo, who added it and when,
 * at most MAX_PHOTOS per order (the oldest go first). Under the order id in
 * the bot's store (files or Redis); anything else under a key reads as none.
 * Also the short-lived links a photo needs to find its order: an album's
 * media group and the "📷 Add photos" press of a user in a chat.
 */
import { z } from "zod";
import type { Store } from "../store/storage.ts";

const PHOTOS_NAMESPACE = "order-photos";
const PHOTO_TARGETS_NAMESPACE = "photo-targets";
export const MAX_PHOTOS = 50;
/** How long an album's messages or an "📷 Add photos" press point at their order. */
const TARGET_TTL_SECONDS = 15 * 60;

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

export interface PhotoStore {
  list(orderId: string): Promise<KeptPhoto[]>;
  count(orderId: string): Promise<number>;
  /** Adds the photos not kept yet; returns how many were new and how many the order has now. */
  add(orderId: string, added: readonly KeptPhoto[]): Promise<{ added: number; total: number }>;
  target(key: string): Promise<PhotoTarget | undefined>;
  setTarget(key: string, value: PhotoTarget): Promise<void>;
  dropTarget(key: string): Promise<void>;
}

export function createPhotoStore(store: Store): PhotoStore {
  const kept = store.adapter<unknown>(PHOTOS_NAMESPACE);
  const targets = store.adapter<unknown>(PHOTO_TARGETS_NAMESPACE, { ttlSeconds: TARGET_TTL_SECONDS });
  const list = async (orderId: string): Promise<KeptPhoto[]> => {
    const parsed = photos.safeParse(await kept.read(orderId));
    return parsed.success ? parsed.data : [];
  };
  return {
    list,
    count: async (orderId) => (await list(orderId)).length,
    async add(orderId, added) {
      const now = await list(orderId);
      const fresh = added.filter(
        (p) => !now.some((k) => k.id === p.id || (p.unique !== undefined && k.unique === p.unique)),
      );
      if (fresh.length === 0) return { added: 0, total: now.length };
      const next = [...now, ...fresh].slice(-MAX_PHOTOS);
      await kept.write(orderId, next);
      return { added: fresh.length, total: next.length };
    },
    async target(key) {
      const parsed = target.safeParse(await targets.read(key));
      return parsed.success ? parsed.data : undefined;
    },
    async setTarget(key, value) {
      await targets.write(key, value);
    },
    async dropTarget(key) {
      await targets.delete(key);
    },
  };
}
