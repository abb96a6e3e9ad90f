import { BUILTIN_SIMULATED_PROVIDER_URL, isExchangeRateText } from '@smm/domain';
import {
  SYNC_HISTORY_CHANGES,
  SYNC_RUN_HISTORY,
  type CatalogSyncRun,
  type CatalogSyncResponse,
  type ExchangeRateRequest,
  type SyncSettingsRequest,
} from '@smm/domain/contract';
import { asc, eq } from 'drizzle-orm';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db } from '../db/database';
import { exchangeRates, providers } from '../db/schema';
import { appError } from '../errors/app-error';
import type { Clock } from '../shared/clock';
import { latestSyncRuns, type SyncOutcome } from './catalog-sync';

const RATE_INVALID = '환율은 0보다 큰 숫자(소수점 12자리까지)로 입력해주세요.';
const PROVIDER_NOT_FOUND = '공급사를 찾을 수 없습니다.';
const NOT_SUSPICIOUS = '적용할 의심 동기화가 없습니다. 최근 동기화가 이미 반영되었거나 정상입니다.';

/**
 * The operator's side of the catalog sync (docs/product.md#operator-console): the report (each
 * provider's sync settings, last run with its changes, and the runs before it), a provider's sync settings and the exchange
 * rates, both audited. The sync itself is catalog-sync.ts.
 */
export class CatalogSyncConsole {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  report(): Promise<CatalogSyncResponse> {
    return report(this.db);
  }

  async saveSettings(
    operatorId: number,
    id: number,
    body: SyncSettingsRequest,
  ): Promise<CatalogSyncResponse> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
      if (!before) throw appError('NOT_FOUND', PROVIDER_NOT_FOUND);
      await tx.update(providers).set(body).where(eq(providers.id, id));
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'provider.sync-settings',
        targetType: 'provider',
        targetId: id,
        before: {
          syncIntervalMinutes: before.syncIntervalMinutes,
          currency: before.currency,
          syncReenable: before.syncReenable,
          marginGuard: before.marginGuard,
        },
        after: body,
      });
    });
    return report(this.db);
  }

  /**
   * Applies a listing the sync held as suspicious: audited as the operator's decision, then a sync
   * that accepts it. Only while the provider's last run is suspicious, so a stale click does nothing.
   */
  async applySuspicious(
    operatorId: number,
    id: number,
    sync: (providerId: number) => Promise<SyncOutcome>,
  ): Promise<SyncOutcome> {
    const [last] = await latestSyncRuns(this.db, [id]);
    if (!last) throw appError('NOT_FOUND', PROVIDER_NOT_FOUND);
    if (last.run.status !== 'suspicious') throw appError('CATALOG_INVALID', NOT_SUSPICIOUS);
    await this.db.transaction((tx) =>
      auditLogRepository.record(tx, {
        operatorId,
        action: 'provider.sync-apply',
        targetType: 'provider',
        targetId: id,
        before: { runId: last.run.id, reason: last.run.error },
        after: null,
      }),
    );
    return sync(id);
  }

  /** Stored with the time it was set; the sync never fetches a rate (docs/ARCHITECTURE.md#catalog-sync). */
  async setExchangeRate(operatorId: number, body: ExchangeRateRequest): Promise<CatalogSyncResponse> {
    const wonPerUnit = body.wonPerUnit.trim();
    if (!isExchangeRateText(wonPerUnit)) throw appError('CATALOG_INVALID', RATE_INVALID);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(exchangeRates).where(eq(exchangeRates.currency, body.currency));
      await tx
        .insert(exchangeRates)
        .values({ currency: body.currency, wonPerUnit, setAt: now })
        .onConflictDoUpdate({ target: exchangeRates.currency, set: { wonPerUnit, setAt: now } });
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'exchange-rate.set',
        targetType: 'exchange-rate',
        targetId: body.currency,
        before: before ? { wonPerUnit: before.wonPerUnit } : null,
        after: { wonPerUnit },
      });
    });
    return report(this.db);
  }
}

type SyncRunEntry = Awaited<ReturnType<typeof latestSyncRuns>>[number];

function runOf({ run, changes }: SyncRunEntry): CatalogSyncRun {
  return {
    id: run.id,
    status: run.status,
    trigger: run.trigger,
    error: run.error,
    currency: run.currency,
    exchangeRate: run.exchangeRate,
    unmappedIds: (run.unmappedIds as string[]) ?? [],
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    changes: changes.map(({ change, serviceText }) => ({
      serviceId: change.serviceId,
      serviceText,
      field: change.field,
      from: change.fromValue as string | number | boolean | null,
      to: change.toValue as string | number | boolean | null,
      createdAt: change.createdAt.toISOString(),
    })),
  };
}

async function report(db: Db): Promise<CatalogSyncResponse> {
  const rows = await db.select().from(providers).orderBy(asc(providers.id));
  const runs = await latestSyncRuns(
    db,
    rows.map((row) => row.id),
    SYNC_RUN_HISTORY,
    SYNC_HISTORY_CHANGES,
  );
  const runsOf = new Map<number, SyncRunEntry[]>();
  for (const entry of runs)
    runsOf.set(entry.run.providerId, [...(runsOf.get(entry.run.providerId) ?? []), entry]);
  const rates = await db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
  return {
    providers: rows.map((row) => {
      const [last, ...earlier] = runsOf.get(row.id) ?? [];
      return {
        providerId: row.id,
        providerName: row.name,
        syncIntervalMinutes: row.syncIntervalMinutes,
        currency: row.currency,
        syncReenable: row.syncReenable,
        marginGuard: row.marginGuard === 'reprice' ? 'reprice' : 'disable',
        lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
        simulated: row.apiUrl === BUILTIN_SIMULATED_PROVIDER_URL,
        run: last ? runOf(last) : null,
        history: earlier.map((entry) => ({ ...runOf(entry), changeCount: entry.changeCount })),
      };
    }),
    exchangeRates: rates.map((rate) => ({
      currency: rate.currency,
      wonPerUnit: rate.wonPerUnit,
      setAt: rate.setAt.toISOString(),
    })),
  };
}
