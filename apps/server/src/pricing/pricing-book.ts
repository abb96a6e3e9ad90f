import type { CustomRate, MemberPricing } from '@smm/domain';
import type { Db } from '../db/database';
import type { CacheBus } from '../shared/cache-bus';
import { HotCache } from '../shared/hot-cache';
import { pricingRepository, type GradeRow } from './pricing.repository';

export interface PricingSnapshot {
  grades: ReadonlyMap<number, GradeRow>;
  /** Members with a grade or a custom rate; everyone else pays the list price. */
  members: ReadonlyMap<number, MemberPricing & { gradeId: number | null }>;
}

/**
 * Every member's grade and custom rates, in memory (docs/ARCHITECTURE.md#member-prices): an order, a
 * mass order's preview and the services lists price a member by a map lookup, never a query. Loaded
 * whole (graded members and rates are few next to orders), dropped by any write of a grade, a member's
 * grade or a rate, and by the daily grade run, through the cache bus (topic 'pricing'): this process at
 * once, the others by NOTIFY.
 */
export class PricingBook {
  private readonly snapshot: HotCache<PricingSnapshot>;

  constructor(
    private readonly db: Db,
    private readonly bus: CacheBus,
  ) {
    this.snapshot = new HotCache(() => this.load());
    bus.on('pricing', () => this.snapshot.invalidate());
  }

  private async load(): Promise<PricingSnapshot> {
    const [grades, graded, rates] = await Promise.all([
      pricingRepository.listGrades(this.db),
      pricingRepository.gradedAccounts(this.db),
      pricingRepository.allRates(this.db),
    ]);
    const gradeById = new Map(grades.map((grade) => [grade.id, grade]));
    const members = new Map<
      number,
      MemberPricing & { gradeId: number | null; rates: Map<number, CustomRate> }
    >();
    const entry = (id: number) => {
      let found = members.get(id);
      if (!found) {
        found = { gradeId: null, gradeDiscountBp: 0, rates: new Map() };
        members.set(id, found);
      }
      return found;
    };
    for (const account of graded) {
      const grade = gradeById.get(account.gradeId);
      if (!grade) continue;
      Object.assign(entry(account.id), { gradeId: grade.id, gradeDiscountBp: grade.discountBp });
    }
    for (const rate of rates) {
      entry(rate.accountId).rates.set(rate.serviceId, {
        unitPriceMilli: rate.unitPriceMilli,
        discountBp: rate.discountBp,
      });
    }
    return { grades: gradeById, members };
  }

  /** The whole book as held now (a caller about to open a transaction reads it first, as the catalog). */
  current(): Promise<PricingSnapshot> {
    return this.snapshot.get();
  }

  /** A member's pricing; undefined: the member pays list prices. */
  async pricingOf(accountId: number): Promise<MemberPricing | undefined> {
    return (await this.snapshot.get()).members.get(accountId);
  }

  /** Called after a write of grades, members' grades or custom rates commits. */
  changed(): Promise<void> {
    return this.bus.publish('pricing');
  }
}
