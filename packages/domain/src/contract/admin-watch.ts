import { z } from 'zod';
import { WATCH_KINDS } from '../ops-watch';

/**
 * GET /admin/api/watch — the watch (확인 필요, docs/product.md#operator-console): per kind its count and
 * its entries (at most WATCH_ITEM_LIMIT, oldest first), each naming the thing, since when and where the
 * console resolves it.
 */
export const WATCH_ITEM_LIMIT = 50;

/**
 * The console screen an entry links to and the query that narrows it to the entry; `inquiry` is one
 * inquiry's thread, its query naming the `id`.
 */
export const watchTarget = z.object({
  screen: z.enum(['orders', 'refills', 'deposits', 'charges', 'providers', 'inquiry']),
  query: z.record(z.string(), z.string()),
});
export type WatchTarget = z.infer<typeof watchTarget>;

export const watchItem = z.object({
  /** Unique within its group: the order, refill, deposit, charge, provider or inquiry id. */
  id: z.number().int(),
  /** What it is: '주문 #21', '입금 #7', a provider's name. */
  label: z.string(),
  /** One line more: member, service, reason, depositor. */
  detail: z.string(),
  /** Since when it waits (ISO); for a lapsing charge, when it lapses; null for a provider (a state now). */
  since: z.string().nullable(),
  /** The money at stake, in won, when there is one. */
  won: z.number().int().nullable(),
  target: watchTarget,
});
export type WatchItem = z.infer<typeof watchItem>;

export const watchGroup = z.object({
  kind: z.enum(WATCH_KINDS),
  count: z.number().int(),
  items: z.array(watchItem),
});
export type WatchGroup = z.infer<typeof watchGroup>;

export const adminWatchResponse = z.object({
  generatedAt: z.string(),
  total: z.number().int(),
  /** Every kind, in WATCH_KINDS order, empty ones too. */
  groups: z.array(watchGroup),
});
export type AdminWatchResponse = z.infer<typeof adminWatchResponse>;
