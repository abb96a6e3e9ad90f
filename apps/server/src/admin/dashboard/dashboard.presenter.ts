import { ORDER_STATUSES, type SeoulDay } from '@smm/domain';
import type { AdminDashboardResponse, DashboardDay, DashboardProviderError } from '@smm/domain/contract';
import type { DayTotal, ProviderErrorRow } from './dashboard.repository';

/** Every order status, in the domain's order, with its count (0 for a status no order holds). */
export function presentOrderCounts(rows: { status: number; count: number }[]) {
  const counts = new Map(rows.map((row) => [row.status, row.count]));
  return ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

export function presentOpenDeposits(
  rows: { status: string; count: number }[],
): AdminDashboardResponse['deposits'] {
  const byStatus = { UNMATCHED: 0, LATE: 0, UNPARSED: 0, DUPLICATE: 0 };
  for (const row of rows) {
    if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] = row.count;
  }
  // DUPLICATE is shown but not counted as waiting: with two relays every transfer leaves one, and its
  // transfer is already credited or held under the earlier report; only a member who really paid twice
  // makes it a case, and that member asks.
  return { count: byStatus.UNMATCHED + byStatus.LATE + byStatus.UNPARSED, byStatus };
}

/** One point per day of `days`, zero where nothing happened; several totals of one day are added. */
export function presentSeries(
  days: SeoulDay[],
  totals: { sales: DayTotal[]; spend: DayTotal[]; orders: DayTotal[]; signups: DayTotal[] },
): DashboardDay[] {
  const byDate = (list: DayTotal[]) => {
    const map = new Map<string, number>();
    for (const { date, value } of list) map.set(date, (map.get(date) ?? 0) + value);
    return map;
  };
  const sales = byDate(totals.sales);
  const spend = byDate(totals.spend);
  const orders = byDate(totals.orders);
  const signups = byDate(totals.signups);
  return days.map(({ date }) => ({
    date,
    sales: sales.get(date) ?? 0,
    spend: spend.get(date) ?? 0,
    orders: orders.get(date) ?? 0,
    signups: signups.get(date) ?? 0,
  }));
}

export function presentProviderError(row: ProviderErrorRow): DashboardProviderError {
  return {
    orderId: row.orderId,
    memberLoginId: row.memberLoginId,
    serviceText: row.serviceText,
    error: row.error ?? '',
    updatedAt: row.updatedAt.toISOString(),
  };
}
