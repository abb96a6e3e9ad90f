import {
  DEPOSIT_STATUS_LABELS,
  INQUIRY_TYPE_LABELS,
  type InquiryType,
  ORDER_STATUS_LABELS,
  type OrderStatus,
  formatProviderBalance,
  PROVIDER_FAILURE_WINDOW_MINUTES,
  PROVIDER_TROUBLE_LABELS,
  WATCH_DEFAULTS,
  WATCH_KINDS,
  providerTroubles,
  type ProviderTrouble,
  type WatchKind,
  type WatchThresholds,
} from '@smm/domain';
import { WATCH_ITEM_LIMIT, type AdminWatchResponse, type WatchItem } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import type { ProviderApi } from '../../providers/provider-api';
import { readBalance, type BalanceReading } from '../../providers/provider-calls';
import type { Clock } from '../../shared/clock';
import { watchRepository, type WatchOrderRow, type WatchProviderRow } from './watch.repository';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface WatchOptions {
  /** How long the watch waits for one provider's balance. */
  balanceTimeoutMs: number;
  /** How long a provider's balance answer is reused (the screen asks every 30 s). */
  balanceCacheMs: number;
}

export interface WatchProviderClients {
  clientFor(row: { apiUrl: string; apiKey: string }): ProviderApi;
}

/** One trouble of a provider entry, stated without the provider's error text (operator notifications). */
export interface ProviderTroubleFact {
  trouble: ProviderTrouble;
  text: string;
}

/**
 * The watch's read model (docs/ARCHITECTURE.md#the-watch): asked live on every call, nothing stored or
 * computed in the background. Each kind is one query; providers' balances are asked as the dashboard
 * asks them (in parallel, a time limit, an error never fails the answer) and kept for a short while.
 */
export class WatchService {
  private readonly balances = new Map<number, { at: number; key: string; answer: BalanceReading }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly providers: WatchProviderClients,
    private readonly options: WatchOptions,
    private readonly thresholds: () => Promise<WatchThresholds> = async () => WATCH_DEFAULTS,
  ) {}

  async watch(): Promise<AdminWatchResponse> {
    return (await this.evaluate()).response;
  }

  /**
   * The watch's answer and, per provider entry, its troubles by kind: operator notifications
   * (docs/ARCHITECTURE.md#operator-notifications) key a provider's event by provider and trouble.
   */
  async evaluate(): Promise<{
    response: AdminWatchResponse;
    providerTroubles: Map<number, ProviderTroubleFact[]>;
  }> {
    const now = this.clock.now();
    const t = await this.thresholds();
    const before = (ms: number) => new Date(now.getTime() - ms);
    const db = this.db;
    const repo = watchRepository;
    const limit = WATCH_ITEM_LIMIT;

    const troublesByProvider = new Map<number, ProviderTroubleFact[]>();
    const providerItems = this.providerItems(now, t, troublesByProvider);
    const [held, notTaken, stalled, cancels, refills, depositRows, chargeRows, suspicious, waiting] =
      await Promise.all([
        repo.heldOrders(db, limit),
        repo.notTakenOrders(db, before(t.notTakenMinutes * MINUTE), limit),
        repo.stalledOrders(
          db,
          now,
          t.stalledHours,
          Object.entries(t.stalledHoursByService).map(([id, h]) => [Number(id), h]),
          limit,
        ),
        repo.cancelWaiting(db, before(t.cancelWaitingHours * HOUR), limit),
        repo.refillsWaiting(db, before(t.refillWaitingHours * HOUR), limit),
        repo.depositsWaiting(db, before(t.depositMinutes * MINUTE), limit),
        repo.chargesLapsing(db, now, new Date(now.getTime() + t.chargeLapseMinutes * MINUTE), limit),
        repo.suspiciousSyncs(db, limit),
        repo.inquiriesWaiting(db, before(t.inquiryWaitingHours * HOUR), limit),
      ]);

    const groups: Record<WatchKind, { count: number; items: WatchItem[] }> = {
      ORDER_HELD: counted(held, (row) => orderItem(row, row.updatedAt, row.lastError, true)),
      ORDER_NOT_TAKEN: counted(notTaken, (row) => orderItem(row, row.createdAt, row.lastError)),
      // Named with who has it, what it said last and what remains (docs/ARCHITECTURE.md#the-watch).
      ORDER_STALLED: counted(stalled, (row) =>
        orderItem(row, row.progressAt ?? row.createdAt, stalledFacts(row)),
      ),
      CANCEL_WAITING: counted(cancels, (row) => orderItem(row, row.cancelRequestedAt!, null)),
      REFILL_WAITING: counted(refills, (row) => ({
        id: row.id,
        label: `리필 #${row.id}`,
        detail: `주문 #${row.orderId} · ${row.memberLoginId} · ${row.status === 0 ? '대기' : '진행중'}`,
        since: row.createdAt.toISOString(),
        won: null,
        target: { screen: 'refills', query: { q: row.memberLoginId } },
      })),
      PROVIDER_TROUBLE: await providerItems,
      DEPOSIT_UNMATCHED: counted(depositRows, (row) => ({
        id: row.id,
        label: `입금 #${row.id}`,
        detail: `${row.depositorName ?? '이름 없음'} · ${DEPOSIT_STATUS_LABELS[row.status]}`,
        since: row.createdAt.toISOString(),
        won: row.amount,
        target: { screen: 'deposits', query: { status: row.status } },
      })),
      CHARGE_LAPSING: counted(chargeRows, (row) => ({
        id: row.id,
        label: `충전 신청 #${row.id}`,
        detail: `${row.memberLoginId} · 입금자 ${row.depositorName}`,
        since: row.expiresAt.toISOString(),
        won: row.payable,
        target: { screen: 'charges', query: { status: '0', q: row.memberLoginId } },
      })),
      // Keyed by provider, so a provider that keeps answering badly is one entry (and one notification).
      SYNC_SUSPICIOUS: counted(suspicious, (row) => ({
        id: row.providerId,
        label: `${row.providerName} 동기화 #${row.runId}`,
        detail: row.reason ?? '',
        since: (row.finishedAt ?? row.startedAt).toISOString(),
        won: null,
        target: { screen: 'providers', query: {} },
      })),
      // Oldest wait first; the entry opens the inquiry's thread.
      INQUIRY_WAITING: counted(waiting, (row) => ({
        id: row.id,
        label: `문의 #${row.id}`,
        detail: `${row.memberLoginId} · ${INQUIRY_TYPE_LABELS[row.type as InquiryType] ?? row.type} · ${row.title}`,
        since: row.waitingSince!.toISOString(),
        won: null,
        target: { screen: 'inquiry', query: { id: String(row.id) } },
      })),
    };
    const list = WATCH_KINDS.map((kind) => ({ kind, ...groups[kind] }));
    const response = {
      generatedAt: now.toISOString(),
      total: list.reduce((sum, group) => sum + group.count, 0),
      groups: list,
    };
    return { response, providerTroubles: troublesByProvider };
  }

  /** Enabled providers with a low or unread balance, or failing calls in the last hour. */
  private async providerItems(now: Date, t: WatchThresholds, facts: Map<number, ProviderTroubleFact[]>) {
    const rows = await watchRepository.enabledProviders(this.db);
    const [failures, streaks, answers] = await Promise.all([
      watchRepository.recentFailures(
        this.db,
        new Date(now.getTime() - PROVIDER_FAILURE_WINDOW_MINUTES * MINUTE),
      ),
      watchRepository.failureStreakStarts(this.db),
      Promise.all(rows.map((row) => this.balanceOf(row, now))),
    ]);
    const items: WatchItem[] = [];
    rows.forEach((row, index) => {
      const answer = answers[index]!;
      const recentFailures = failures.get(row.id) ?? 0;
      const troubles = providerTroubles({ balance: answer.balance, recentFailures }, t);
      if (troubles.length === 0) return;
      const stated = troubles.map((trouble) => {
        if (trouble === 'LOW_BALANCE')
          return `${PROVIDER_TROUBLE_LABELS[trouble]} (${formatProviderBalance(answer.balance!, answer.currency ?? '')})`;
        if (trouble === 'CALLS_FAILING') return `${PROVIDER_TROUBLE_LABELS[trouble]} ${recentFailures}건`;
        return PROVIDER_TROUBLE_LABELS[trouble];
      });
      facts.set(
        row.id,
        troubles.map((trouble, i) => ({ trouble, text: stated[i]! })),
      );
      const words = troubles.map((trouble, i) =>
        trouble === 'BALANCE_FAILED' && answer.error ? `${stated[i]}: ${answer.error}` : stated[i]!,
      );
      items.push({
        id: row.id,
        label: row.name,
        detail: words.join(' · '),
        // Since its current run of failed calls began; a low balance alone has no such start.
        since: streaks.get(row.id)?.toISOString() ?? null,
        won: null,
        target: { screen: 'providers', query: {} },
      });
    });
    return { count: items.length, items: items.slice(0, WATCH_ITEM_LIMIT) };
  }

  /** A provider's balance, reused for balanceCacheMs while its URL and key stay; never throws. */
  private async balanceOf(row: WatchProviderRow, now: Date): Promise<BalanceReading> {
    const key = `${row.apiUrl}\u0000${row.apiKey}`;
    const cached = this.balances.get(row.id);
    if (cached && cached.key === key && now.getTime() - cached.at < this.options.balanceCacheMs)
      return cached.answer;
    const answer = await readBalance(
      this.providers.clientFor(row),
      row.apiKey,
      this.options.balanceTimeoutMs,
    );
    this.balances.set(row.id, { at: now.getTime(), key, answer });
    return answer;
  }
}

function counted<Row extends { total: number }>(rows: Row[], present: (row: Row) => WatchItem) {
  return { count: rows[0]?.total ?? 0, items: rows.map(present) };
}

/** "공급사 A · 진행중 · 남은 수량 300": who has a stalled order, its last status and remains. */
function stalledFacts(row: WatchOrderRow): string {
  const remains =
    row.remains === null ? '남은 수량 모름' : `남은 수량 ${row.remains.toLocaleString('ko-KR')}`;
  return [
    row.providerName ?? '공급사 없음',
    ORDER_STATUS_LABELS[row.status as OrderStatus] ?? `상태 ${row.status}`,
    remains,
  ].join(' · ');
}

function orderItem(row: WatchOrderRow, since: Date, reason: string | null, held = false): WatchItem {
  const parts = [row.memberLoginId, row.serviceText];
  if (reason) parts.push(reason.length > 140 ? `${reason.slice(0, 140)}…` : reason);
  return {
    id: row.id,
    label: `주문 #${row.id}`,
    detail: parts.join(' · '),
    since: since.toISOString(),
    won: row.cost,
    target: {
      screen: 'orders',
      query: { member: row.memberLoginId, link: row.link.slice(0, 200), ...(held ? { error: '1' } : {}) },
    },
  };
}
