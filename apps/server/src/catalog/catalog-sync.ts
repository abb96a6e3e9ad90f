import {
  cleanProviderLine,
  decideServiceSync,
  exchangeRateMissingMessage,
  isServiceType,
  pinnedFieldsOf,
  suspiciousListing,
  unmappedUpstreamIds,
  type MarginGuardMode,
  type SyncDisabledReason,
  type SyncChange,
} from '@smm/domain';
import { and, desc, eq, inArray, isNotNull, lt, or, isNull, sql } from 'drizzle-orm';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Executor } from '../db/database';
import { catalogSyncChanges, catalogSyncRuns, exchangeRates, providers, services } from '../db/schema';
import { ProviderError, withoutProviderKey, type ProviderServiceListing } from '../providers/provider-api';
import type { ProviderRegistry } from '../providers/provider-registry';
import type { ProviderRow } from '../providers/providers.repository';
import type { Clock } from '../shared/clock';
import type { CatalogService } from './catalog.service';
import { catalogWritesRepository as repo } from './catalog-writes.repository';

export type SyncTrigger = 'schedule' | 'operator';

export type SyncOutcome =
  /**
   * changes: services changed; of them, stopped: made unorderable (gone upstream, or below cost),
   * resumed: orderable again; unmapped: upstream services no service of ours is mapped to.
   */
  | { status: 'ok'; runId: number; changes: number; stopped: number; resumed: number; unmapped: string[] }
  | { status: 'failed'; runId: number; error: string }
  /** The listing looked like the provider's fault (suspiciousListing): nothing was changed. */
  | { status: 'suspicious'; runId: number; error: string }
  /** Another process (or request) is syncing this provider right now: nothing was done. */
  | { status: 'busy' };

/** A running run older than this was left by a process that died: it no longer holds the provider. */
const STALE_RUN_MINUTES = 10;
const ERROR_MAX = 300;

/**
 * The catalog sync (docs/ARCHITECTURE.md#catalog-sync): reads one provider's `services` and brings
 * every service of ours mapped to it in step, by the domain's decision for one service
 * (packages/domain catalog-sync.ts), through the catalog's one writer (catalog-writes.repository),
 * recording each change on the run and in the audit log as the system's action (a null operator).
 *
 * One run per provider at a time: a run is claimed by inserting it as 'running', which a partial unique
 * index allows once per provider, so two processes (or two clicks) sync a provider once. The provider
 * is asked before the write transaction; a provider that fails changes nothing (the run is recorded
 * as failed with its error, the key masked).
 */
export class CatalogSync {
  /** The scheduled run started by the background loop and not yet finished (see startDue). */
  private scheduled: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly registry: ProviderRegistry,
    private readonly catalog: CatalogService,
    private readonly clock: Clock,
  ) {}

  /**
   * The Ticker's share: starts the due syncs and returns at once. A provider that answers slowly (or
   * never, until the client's timeout) must not hold the tick that sends orders and credits deposits,
   * so the syncs run beside the loop; while they run, later ticks start none. `report` hears how it
   * went; close() waits for it through settled().
   */
  startDue(report: (outcome: { synced: number; failed: number } | Error) => void): { started: boolean } {
    if (this.scheduled) return { started: false };
    const run = this.tick().then(report, (error: unknown) =>
      report(error instanceof Error ? error : new Error(String(error))),
    );
    this.scheduled = run.finally(() => {
      this.scheduled = undefined;
    });
    // A flag, not a count: the Ticker logs a job's report only when a count is above 0, and a run that
    // finds nothing due is no news (what a run did is logged by `report`).
    return { started: true };
  }

  /** Resolves when the scheduled run the loop started (if any) has finished. */
  async settled(): Promise<void> {
    await this.scheduled;
  }

  /**
   * Each enabled provider whose interval has passed is claimed and synced, side by side (one slow
   * provider does not delay the others); resolves with how many runs succeeded and failed.
   */
  async tick(): Promise<{ synced: number; failed: number }> {
    const now = this.clock.now();
    // The claim: moving last_sync_at forward only where it is still older than the interval, so of
    // several processes ticking at once exactly one gets each due provider.
    const due = await this.db
      .update(providers)
      .set({ lastSyncAt: now })
      .where(
        and(
          eq(providers.enabled, true),
          sql`${providers.syncIntervalMinutes} > 0`,
          or(
            isNull(providers.lastSyncAt),
            sql`${providers.lastSyncAt} <= ${now.toISOString()}::timestamptz - make_interval(mins => ${providers.syncIntervalMinutes})`,
          ),
        ),
      )
      .returning({ id: providers.id });
    const outcomes = await Promise.all(due.map(({ id }) => this.syncProvider(id, 'schedule')));
    return {
      synced: outcomes.filter((outcome) => outcome.status === 'ok').length,
      failed: outcomes.filter((outcome) => outcome.status === 'failed').length,
    };
  }

  /**
   * `acceptSuspicious`: the operator applies a listing the sync held as suspicious (from the report),
   * having checked that the provider really dropped those services.
   */
  async syncProvider(
    providerId: number,
    trigger: SyncTrigger,
    options: { acceptSuspicious?: boolean } = {},
  ): Promise<SyncOutcome> {
    const [provider] = await this.db.select().from(providers).where(eq(providers.id, providerId));
    if (!provider) return { status: 'busy' };
    const runId = await this.claim(providerId, trigger);
    if (runId === null) return { status: 'busy' };
    try {
      const client = this.registry.clientFor(provider);
      const listing = await client.services();
      const { currency, exchangeRate } = await providerExchangeRate(this.db, provider, () =>
        client.balance(),
      );
      if (exchangeRate === null) {
        return await this.fail(runId, exchangeRateMissingMessage(currency));
      }
      // An empty list, or one missing most of what we sell, is far likelier a provider fault than a
      // catalog it deleted: stopping every service on it would be wrong, so the run changes nothing
      // and waits for the operator (docs/ARCHITECTURE.md#catalog-sync).
      if (!options.acceptSuspicious) {
        const mapped = await this.db
          .select({ providerServiceId: services.providerServiceId, isReadOnly: services.isReadOnly })
          .from(services)
          .where(and(eq(services.providerId, provider.id), isNotNull(services.providerServiceId)));
        const reason = suspiciousListing(
          new Set(listing.map((entry) => entry.service)),
          mapped.map((row) => ({ providerServiceId: row.providerServiceId!, isReadOnly: row.isReadOnly })),
        );
        if (reason !== null) {
          const now = this.clock.now();
          await this.db
            .update(catalogSyncRuns)
            .set({ status: 'suspicious', error: reason, currency, exchangeRate, finishedAt: now })
            .where(eq(catalogSyncRuns.id, runId));
          await this.db.update(providers).set({ lastSyncAt: now }).where(eq(providers.id, provider.id));
          return { status: 'suspicious', runId, error: reason };
        }
      }
      const applied = await this.apply(provider, runId, listing, currency, exchangeRate);
      return {
        status: 'ok',
        runId,
        changes: applied.count,
        stopped: applied.stopped,
        resumed: applied.resumed,
        unmapped: applied.unmapped,
      };
    } catch (error) {
      if (!(error instanceof ProviderError)) {
        await this.fail(runId, 'internal error');
        throw error;
      }
      return this.fail(runId, cleanProviderLine(withoutProviderKey(error.message, provider.apiKey)));
    }
  }

  private async claim(providerId: number, trigger: SyncTrigger): Promise<number | null> {
    const now = this.clock.now();
    const staleBefore = new Date(now.getTime() - STALE_RUN_MINUTES * 60_000);
    await this.db
      .update(catalogSyncRuns)
      .set({ status: 'failed', error: 'abandoned', finishedAt: now })
      .where(
        and(
          eq(catalogSyncRuns.providerId, providerId),
          eq(catalogSyncRuns.status, 'running'),
          lt(catalogSyncRuns.startedAt, staleBefore),
        ),
      );
    const [run] = await this.db
      .insert(catalogSyncRuns)
      .values({ providerId, trigger, status: 'running', startedAt: now })
      .onConflictDoNothing()
      .returning({ id: catalogSyncRuns.id });
    return run?.id ?? null;
  }

  private async fail(runId: number, error: string): Promise<SyncOutcome> {
    await this.db
      .update(catalogSyncRuns)
      .set({ status: 'failed', error: error.slice(0, ERROR_MAX), finishedAt: this.clock.now() })
      .where(eq(catalogSyncRuns.id, runId));
    return { status: 'failed', runId, error };
  }

  private async apply(
    provider: ProviderRow,
    runId: number,
    listing: ProviderServiceListing[],
    currency: string,
    exchangeRate: string,
  ): Promise<{ count: number; stopped: number; resumed: number; unmapped: string[] }> {
    const byId = new Map(listing.map((entry) => [entry.service, entry]));
    const now = this.clock.now();
    const result = await this.db.transaction(async (tx) => {
      const mapped = await tx
        .select()
        .from(services)
        .where(and(eq(services.providerId, provider.id), isNotNull(services.providerServiceId)))
        .orderBy(services.id)
        .for('update');
      let count = 0;
      let stopped = 0;
      let resumed = 0;
      for (const row of mapped) {
        if (!isServiceType(row.serviceType)) continue;
        const decision = decideServiceSync(
          {
            unitPriceMilli: row.unitPriceMilli,
            min: row.min,
            max: row.max,
            refillDays: row.refillDays,
            cancellable: row.cancellable,
            isReadOnly: row.isReadOnly,
            syncDisabled: (row.syncDisabled as SyncDisabledReason | null) ?? null,
            type: row.serviceType,
            markupPercent: row.markupPercent,
            pricePinned: row.pricePinned,
            pinnedFields: pinnedFieldsOf(row.pinnedFields),
          },
          byId.get(row.providerServiceId!) ?? null,
          {
            exchangeRate,
            reenable: provider.syncReenable,
            marginGuard: (provider.marginGuard === 'reprice' ? 'reprice' : 'disable') as MarginGuardMode,
          },
        );
        if (decision.changes.length === 0) continue;
        await repo.updateService(tx, row.id, decision.next);
        await tx.insert(catalogSyncChanges).values(
          decision.changes.map((change: SyncChange) => ({
            runId,
            serviceId: row.id,
            field: change.field,
            fromValue: change.from,
            toValue: change.to,
            createdAt: now,
          })),
        );
        await auditLogRepository.record(tx, {
          operatorId: null,
          action: 'service.sync',
          targetType: 'service',
          targetId: row.id,
          before: Object.fromEntries(decision.changes.map((c) => [c.field, c.from])),
          after: Object.fromEntries(decision.changes.map((c) => [c.field, c.to])),
          memo: `공급사 동기화 #${runId}${decision.belowCost ? ' (원가 초과)' : ''}`,
        });
        count += 1;
        const readOnly = decision.changes.find((change) => change.field === 'isReadOnly');
        if (readOnly?.to === true) stopped += 1;
        else if (readOnly?.to === false) resumed += 1;
      }
      const unmapped = unmappedUpstreamIds(
        listing.map((entry) => entry.service),
        new Set(
          (
            await tx
              .select({ id: services.providerServiceId })
              .from(services)
              .where(eq(services.providerId, provider.id))
          ).map((r) => r.id ?? ''),
        ),
      );
      await tx
        .update(catalogSyncRuns)
        .set({ status: 'ok', currency, exchangeRate, unmappedIds: unmapped, finishedAt: now })
        .where(eq(catalogSyncRuns.id, runId));
      await tx.update(providers).set({ lastSyncAt: now }).where(eq(providers.id, provider.id));
      return { count, stopped, resumed, unmapped };
    });
    if (result.count > 0) await this.catalog.changed();
    return result;
  }
}

/**
 * The currency a provider's rates are in (its setting, else what its `balance` answers; KRW when it
 * says none) and the operator's exchange rate for it ('1' for KRW; null when not set). The import and
 * the sync read it the same way, so both price a provider alike (docs/ARCHITECTURE.md#catalog-sync).
 */
export async function providerExchangeRate(
  ex: Executor,
  provider: Pick<ProviderRow, 'currency'>,
  balance: () => Promise<{ currency: string }>,
): Promise<{ currency: string; exchangeRate: string | null }> {
  const currency = (provider.currency ?? (await balance()).currency).trim().toUpperCase() || 'KRW';
  if (currency === 'KRW') return { currency, exchangeRate: '1' };
  const [row] = await ex.select().from(exchangeRates).where(eq(exchangeRates.currency, currency));
  return { currency, exchangeRate: row?.wonPerUnit ?? null };
}

/**
 * Each provider's last `perProvider` runs, newest first (the console's sync report and its history),
 * each with its changes: all of them for the newest run, the first `changesPerOlderRun` for an older
 * one, and every run's `changeCount`. Asked per provider (the (provider_id, id) index), so a provider
 * that syncs often never crowds another's runs out.
 */
export async function latestSyncRuns(
  ex: Executor,
  providerIds: number[],
  perProvider = 1,
  changesPerOlderRun = 20,
) {
  const perProviderRuns = await Promise.all(
    providerIds.map((providerId) =>
      ex
        .select()
        .from(catalogSyncRuns)
        .where(eq(catalogSyncRuns.providerId, providerId))
        .orderBy(desc(catalogSyncRuns.id))
        .limit(perProvider),
    ),
  );
  const chosen = perProviderRuns.flat();
  if (chosen.length === 0) return [];
  const counts = await ex
    .select({ runId: catalogSyncChanges.runId, count: sql<number>`count(*)::int` })
    .from(catalogSyncChanges)
    .where(
      inArray(
        catalogSyncChanges.runId,
        chosen.map((run) => run.id),
      ),
    )
    .groupBy(catalogSyncChanges.runId);
  const countOf = new Map(counts.map((row) => [row.runId, Number(row.count)]));
  const newest = new Set(perProviderRuns.flatMap((runs) => (runs[0] ? [runs[0].id] : [])));
  return Promise.all(
    chosen.map(async (run) => {
      const changeCount = countOf.get(run.id) ?? 0;
      const changes =
        changeCount === 0
          ? []
          : await ex
              .select({ change: catalogSyncChanges, serviceText: services.text })
              .from(catalogSyncChanges)
              .innerJoin(services, eq(services.id, catalogSyncChanges.serviceId))
              .where(eq(catalogSyncChanges.runId, run.id))
              .orderBy(catalogSyncChanges.id)
              .limit(newest.has(run.id) ? changeCount : changesPerOlderRun);
      return { run, changes, changeCount };
    }),
  );
}
