import {
  addSeoulDays,
  DASHBOARD_SERIES_DAYS,
  lastSeoulDays,
  seoulDayStart,
  seoulIsoDate,
  seoulMonthStart,
  seoulNextMonthStart,
} from '@smm/domain';
import type { AdminDashboardResponse, DashboardProviderBalance } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import type { ProviderApi } from '../../providers/provider-api';
import { readBalance } from '../../providers/provider-calls';
import type { Clock } from '../../shared/clock';
import {
  presentOpenDeposits,
  presentOrderCounts,
  presentProviderError,
  presentSeries,
} from './dashboard.presenter';
import { dashboardRepository, type ProviderRow } from './dashboard.repository';

/** How many failed provider calls the dashboard lists. */
const RECENT_ERRORS = 10;

export interface DashboardOptions {
  /** How long the dashboard waits for one provider's balance before showing it as failed. */
  balanceTimeoutMs: number;
}

/** What the dashboard needs of the provider registry: a client for a provider row. */
export interface ProviderClients {
  clientFor(row: { apiUrl: string; apiKey: string }): ProviderApi;
}

/**
 * The console's first screen in one answer: money in and out today and this month, what waits for an
 * operator, the providers' balances, and the last 30 days. "Today" and "this month" are Seoul's
 * calendar (packages/domain admin-dashboard), computed from the injected clock. A provider that fails
 * or is slow only blanks its own balance; it never fails the dashboard.
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly providers: ProviderClients,
    private readonly options: DashboardOptions,
  ) {}

  async dashboard(): Promise<AdminDashboardResponse> {
    const now = this.clock.now();
    const todayStart = seoulDayStart(now);
    const today = { from: todayStart, to: addSeoulDays(todayStart, 1) };
    const month = { from: seoulMonthStart(now), to: seoulNextMonthStart(now) };
    const days = lastSeoulDays(now, DASHBOARD_SERIES_DAYS);
    const series = { from: days[0]!.start, to: days[days.length - 1]!.end };
    const db = this.db;
    const repo = dashboardRepository;

    // Provider calls start first and run while the database answers.
    const balances = repo
      .enabledProviders(db)
      .then((rows) => Promise.all(rows.map((row) => this.balanceOf(row))));
    const [
      salesToday,
      salesMonth,
      spendToday,
      spendMonth,
      orderCounts,
      ordersToday,
      autoOrdersActive,
      pendingCharges,
      openDeposits,
      recentErrors,
      membersToday,
      membersMonth,
      membersTotal,
      salesByDay,
      spendByDay,
      ordersByDay,
      signupsByDay,
      refills,
      cancelRequested,
    ] = await Promise.all([
      repo.sales(db, today),
      repo.sales(db, month),
      repo.spend(db, today),
      repo.spend(db, month),
      repo.orderCountsByStatus(db),
      repo.ordersPlaced(db, today),
      repo.activeAutoOrders(db),
      repo.pendingCharges(db),
      repo.openDepositCounts(db),
      repo.recentProviderErrors(db, RECENT_ERRORS),
      repo.members(db, today),
      repo.members(db, month),
      repo.members(db),
      repo.salesByDay(db, series),
      repo.spendByDay(db, series),
      repo.ordersByDay(db, series),
      repo.signupsByDay(db, series),
      repo.openRefills(db),
      repo.cancelRequested(db),
    ]);

    return {
      generatedAt: now.toISOString(),
      today: seoulIsoDate(now),
      sales: { today: salesToday, month: salesMonth },
      spend: { today: spendToday, month: spendMonth },
      orders: { byStatus: presentOrderCounts(orderCounts), today: ordersToday, autoOrdersActive },
      pendingCharges,
      deposits: presentOpenDeposits(openDeposits),
      providers: await balances,
      recentProviderErrors: recentErrors.map(presentProviderError),
      members: { today: membersToday, month: membersMonth, total: membersTotal },
      refills,
      cancelRequested,
      series: presentSeries(days, {
        sales: salesByDay,
        spend: spendByDay,
        orders: ordersByDay,
        signups: signupsByDay,
      }),
    };
  }

  /** One provider's balance, or why it could not be read; never throws, never waits past the timeout. */
  private async balanceOf(row: ProviderRow): Promise<DashboardProviderBalance> {
    const reading = await readBalance(
      this.providers.clientFor(row),
      row.apiKey,
      this.options.balanceTimeoutMs,
    );
    return { id: row.id, name: row.name, ...reading };
  }
}
