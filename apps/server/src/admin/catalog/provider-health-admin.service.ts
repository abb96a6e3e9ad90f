import { BUILTIN_SIMULATED_PROVIDER_URL, PROVIDER_HEALTH_HOURS } from '@smm/domain';
import type { ProviderHealthHour, ProviderHealthResponse } from '@smm/domain/contract';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { providers } from '../../db/schema';
import type { ProviderHealth } from '../../providers/provider-health';
import type { SimulatedProvider } from '../../providers/simulated-provider';
import type { Clock } from '../../shared/clock';
import { providerHealthAdminRepository as repo } from './provider-health-admin.repository';

/** Errors shown per provider. */
const ERRORS_SHOWN = 20;
const HOUR_MS = 60 * 60_000;

/**
 * The console's provider health (docs/product.md#operator-console), a read model over the tables the
 * recording client and the balance job fill (providers/provider-health.ts): each provider's last 24
 * hours by hour, its latest errors, its balance samples, its stop-sending switch with the orders
 * waiting, and the simulator's switches for the built-in one. Opening it asks for a fresh balance
 * sample of providers not sampled in the last minute (answered on the view's next refresh).
 */
export class ProviderHealthAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly health: ProviderHealth,
    private readonly simulator: SimulatedProvider,
    private readonly balanceSampleMinutes: number,
  ) {}

  async report(): Promise<ProviderHealthResponse> {
    const now = this.clock.now();
    const firstHour = new Date(
      Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - (PROVIDER_HEALTH_HOURS - 1) * HOUR_MS,
    );
    const since = new Date(now.getTime() - PROVIDER_HEALTH_HOURS * HOUR_MS);
    const rows = await this.db.select().from(providers).orderBy(asc(providers.id));
    await this.health.sampleStale(rows.filter((row) => row.enabled).map((row) => row.id));
    const [stats, errors, samples, waiting, failovers] = await Promise.all([
      repo.hourlyStats(this.db, firstHour),
      Promise.all(rows.map((row) => repo.lastErrors(this.db, row.id, ERRORS_SHOWN))),
      repo.balanceSamples(this.db, since),
      repo.waitingOrders(this.db),
      repo.failoverServices(this.db),
    ]);
    return {
      balanceSampleMinutes: this.balanceSampleMinutes,
      providers: rows.map((row, index) => {
        const simulated = row.apiUrl === BUILTIN_SIMULATED_PROVIDER_URL;
        const byHour = new Map(
          stats.filter((s) => s.providerId === row.id).map((s) => [s.hour.getTime(), s]),
        );
        const hours: ProviderHealthHour[] = Array.from({ length: PROVIDER_HEALTH_HOURS }, (_, i) => {
          const hour = firstHour.getTime() + i * HOUR_MS;
          const s = byHour.get(hour);
          return {
            hour: new Date(hour).toISOString(),
            calls: s?.calls ?? 0,
            failures: s?.failures ?? 0,
            avgMs: s && s.calls > 0 ? Math.round(s.totalMs / s.calls) : null,
            maxMs: s && s.calls > 0 ? s.maxMs : null,
          };
        });
        return {
          providerId: row.id,
          providerName: row.name,
          enabled: row.enabled,
          sendingPaused: row.sendingPaused,
          waitingOrders: waiting.find((w) => w.providerId === row.id)?.waiting ?? 0,
          failoverServices: failovers.find((f) => f.providerId === row.id)?.n ?? 0,
          hours,
          errors: errors[index]!.map((e) => ({
            createdAt: e.createdAt.toISOString(),
            action: e.action,
            message: e.message,
          })),
          balances: samples
            .filter((b) => b.providerId === row.id)
            .map((b) => ({
              createdAt: b.createdAt.toISOString(),
              balance: b.balance,
              currency: b.currency,
              error: b.error,
            })),
          simulator: simulated ? this.simulator.mode : null,
        };
      }),
    };
  }
}
