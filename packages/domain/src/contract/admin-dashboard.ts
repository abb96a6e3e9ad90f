import { z } from 'zod';

const won = z.number().int();
const count = z.number().int();

/** Credited charges (status SUCCESS) by the time they were credited: points credited and won received. */
const salesFigure = z.object({ count, point: won, payable: won });
/** What members spent on orders and auto-orders placed in the period, refunds taken off. */
const spendFigure = z.object({ count, won });

/** One Seoul calendar day of the dashboard's 30-day charts. */
export const dashboardDay = z.object({
  /** yyyy-MM-dd, a Seoul day. */
  date: z.string(),
  /** Won received for charges credited that day. */
  sales: won,
  /** Won spent on orders and auto-orders placed that day, less their refunds. */
  spend: won,
  /** Orders placed that day (each auto-order run is an order). */
  orders: count,
  /** Members who signed up that day. */
  signups: count,
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardProviderBalance = z.object({
  id: z.number().int(),
  name: z.string(),
  /** As the provider wrote it ('1000000.00'); null when the call failed. */
  balance: z.string().nullable(),
  currency: z.string().nullable(),
  /** Why the balance could not be read (timeout, refusal …); never the API key. */
  error: z.string().nullable(),
});
export type DashboardProviderBalance = z.infer<typeof dashboardProviderBalance>;

export const dashboardProviderError = z.object({
  orderId: z.number().int(),
  memberLoginId: z.string(),
  serviceText: z.string(),
  error: z.string(),
  updatedAt: z.string(),
});
export type DashboardProviderError = z.infer<typeof dashboardProviderError>;

/** GET /admin/api/dashboard — the console's first screen, in one answer. Days and months are Seoul's. */
export const adminDashboardResponse = z.object({
  /** When the figures were taken (ISO) and that moment's Seoul date (yyyy-MM-dd). */
  generatedAt: z.string(),
  today: z.string(),
  sales: z.object({ today: salesFigure, month: salesFigure }),
  spend: z.object({ today: spendFigure, month: spendFigure }),
  orders: z.object({
    /** Every order by its OrderStatus (all six, zeros included). */
    byStatus: z.array(z.object({ status: z.number().int(), count })),
    /** Orders placed today (Seoul). */
    today: count,
    autoOrdersActive: count,
  }),
  pendingCharges: z.object({ count, point: won, payable: won }),
  /**
   * Deposits and bank messages an operator still has to look at (`count`: UNMATCHED, LATE, UNPARSED);
   * `byStatus.DUPLICATE` (second reports of transfers already reported) is shown beside them, not counted.
   */
  deposits: z.object({
    count,
    byStatus: z.object({ UNMATCHED: count, LATE: count, UNPARSED: count, DUPLICATE: count }),
  }),
  providers: z.array(dashboardProviderBalance),
  recentProviderErrors: z.array(dashboardProviderError),
  members: z.object({ today: count, month: count, total: count }),
  /** Refills not finished yet (`open` = PENDING + INPROGRESS; docs/product.md#refill-and-cancellation). */
  refills: z.object({ open: count, pending: count, inProgress: count }),
  /** Open orders whose cancel a member asked of their provider (취소 요청됨). */
  cancelRequested: z.object({ count }),
  series: z.array(dashboardDay),
});
export type AdminDashboardResponse = z.infer<typeof adminDashboardResponse>;
