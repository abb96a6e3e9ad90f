/**
 * The console's grades and a member's grade and custom rates (docs/product.md#member-grades-and-custom-rates):
 * every write checked by the domain rule (Korean 400s), recorded in the audit log in its own
 * transaction, then the pricing book dropped in every process (docs/ARCHITECTURE.md#member-prices).
 */
import {
  lossesAtPrice,
  lossMessage,
  memberUnitPriceMilli,
  PRICING_MESSAGES as M,
  GRADES_MAX,
  validateCustomRate,
  validateGradeInput,
} from '@smm/domain';
import type { Grade, MemberPricingResponse, gradeRequest, memberRateRequest } from '@smm/domain/contract';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountRepository } from '../accounts/account.repository';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { ListingReader } from '../catalog/service-form';
import { isUniqueViolation, type Db, type Executor, type Tx } from '../db/database';
import { accounts, memberGrades, memberRates, services } from '../db/schema';
import { appError } from '../errors/app-error';
import type { PricingBook } from './pricing-book';
import { pricingRepository, type GradeRow } from './pricing.repository';

type GradeBody = z.output<typeof gradeRequest>;
type RateBody = z.output<typeof memberRateRequest>;

const invalid = (message: string) => appError('CATALOG_INVALID', message);

export class PricingConsole {
  constructor(
    private readonly db: Db,
    private readonly book: PricingBook,
    /** Reads a provider's listing of a service now: the margin guard's upstream cost. */
    private readonly readListing: ListingReader | undefined,
  ) {}

  async grades(): Promise<{ items: Grade[] }> {
    const rows = await pricingRepository.listGrades(this.db);
    return { items: await Promise.all(rows.map((row) => this.present(this.db, row))) };
  }

  createGrade(operatorId: number, body: GradeBody): Promise<Grade> {
    const values = gradeValues(body);
    return this.write(async (tx) => {
      const [{ n } = { n: 0 }] = await tx.select({ n: sql<number>`count(*)::int` }).from(memberGrades);
      if (n >= GRADES_MAX) throw invalid(M.GRADES_TOO_MANY);
      const [row] = await tx.insert(memberGrades).values(values).returning();
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'grade.create',
        targetType: 'grade',
        targetId: row!.id,
        before: null,
        after: values,
      });
      return this.present(tx, row!);
    });
  }

  updateGrade(operatorId: number, id: number, body: GradeBody): Promise<Grade> {
    const values = gradeValues(body);
    return this.write(async (tx) => {
      const before = await pricingRepository.findGrade(tx, id);
      if (!before) throw appError('NOT_FOUND', M.GRADE_NOT_FOUND);
      const [row] = await tx.update(memberGrades).set(values).where(eq(memberGrades.id, id)).returning();
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'grade.update',
        targetType: 'grade',
        targetId: id,
        before: gradeFacts(before),
        after: values,
      });
      return this.present(tx, row!);
    });
  }

  /** Only a grade nobody holds: a member's price must never change because a grade vanished. */
  deleteGrade(operatorId: number, id: number): Promise<{ id: number; deleted: true }> {
    return this.write(async (tx) => {
      const before = await pricingRepository.findGrade(tx, id);
      if (!before) throw appError('NOT_FOUND', M.GRADE_NOT_FOUND);
      if ((await pricingRepository.countMembersOfGrade(tx, id)) > 0)
        throw appError('CATALOG_CONFLICT', M.GRADE_IN_USE);
      // Deleted accounts may still name it: nobody signs in to them, so their grade just goes.
      await tx
        .update(accounts)
        .set({ gradeId: null })
        .where(and(eq(accounts.gradeId, id), isNotNull(accounts.deletedAt)));
      await tx.delete(memberGrades).where(eq(memberGrades.id, id));
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'grade.delete',
        targetType: 'grade',
        targetId: id,
        before: gradeFacts(before),
        after: null,
      });
      return { id, deleted: true as const };
    });
  }

  async memberPricing(loginId: string): Promise<MemberPricingResponse> {
    const member = await memberByLoginId(this.db, loginId);
    return this.pricingOf(this.db, member);
  }

  /**
   * The operator's grade for a member. `manual` pins it (the daily grade run leaves it); unpinned, the
   * next daily run decides by the rule.
   */
  setMemberGrade(
    operatorId: number,
    loginId: string,
    body: { gradeId: number | null; manual: boolean; memo: string },
  ): Promise<MemberPricingResponse> {
    return this.write(async (tx) => {
      const member = await memberByLoginId(tx, loginId);
      if (body.gradeId !== null && !(await pricingRepository.findGrade(tx, body.gradeId)))
        throw appError('NOT_FOUND', M.GRADE_NOT_FOUND);
      await tx
        .update(accounts)
        .set({ gradeId: body.gradeId, gradeManual: body.manual })
        .where(eq(accounts.id, member.id));
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'member.grade',
        targetType: 'member',
        targetId: member.loginId,
        before: { gradeId: member.gradeId, manual: member.gradeManual },
        after: { gradeId: body.gradeId, manual: body.manual },
        memo: body.memo,
      });
      return this.pricingOf(tx, { ...member, gradeId: body.gradeId, gradeManual: body.manual });
    });
  }

  /**
   * A member's own rate for a service. The margin guard (docs/ARCHITECTURE.md#catalog-sync): the price
   * it gives is judged against the service's upstream cost, read from its provider now; a loss is
   * refused (CATALOG_BELOW_COST, cost and price in Korean) unless `lossConfirmed`.
   */
  async setMemberRate(
    operatorId: number,
    loginId: string,
    serviceId: number,
    body: RateBody,
  ): Promise<MemberPricingResponse> {
    const rate = { unitPriceMilli: body.unitPriceMilli, discountBp: body.discountBp };
    const problem = validateCustomRate(rate);
    if (problem) throw invalid(problem);
    const [service] = await this.db.select().from(services).where(eq(services.id, serviceId));
    if (!service) throw appError('NOT_FOUND', M.RATE_SERVICE_NOT_FOUND);
    await memberByLoginId(this.db, loginId);
    const priceMilli = memberUnitPriceMilli(serviceId, service.unitPriceMilli, {
      gradeDiscountBp: 0,
      rates: new Map([[serviceId, rate]]),
    });
    let providerCostMilli: number | null = null;
    if (this.readListing && service.providerId !== null && service.providerServiceId !== null) {
      const listing = await this.readListing(service.providerId, service.providerServiceId);
      if (listing.kind === 'listed') providerCostMilli = listing.unitCostMilli;
    }
    const losses = lossesAtPrice({ priceMilli, providerCostMilli, failoverCostMilli: null });
    if (losses.length > 0 && !body.lossConfirmed) throw appError('CATALOG_BELOW_COST', lossMessage(losses));
    return this.write(async (tx) => {
      const member = await memberByLoginId(tx, loginId);
      const [before] = await tx
        .select()
        .from(memberRates)
        .where(and(eq(memberRates.accountId, member.id), eq(memberRates.serviceId, serviceId)));
      const values = { ...rate, lossConfirmed: losses.length > 0, updatedAt: new Date() };
      await tx
        .insert(memberRates)
        .values({ accountId: member.id, serviceId, ...values })
        .onConflictDoUpdate({ target: [memberRates.accountId, memberRates.serviceId], set: values });
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'member.rate',
        targetType: 'member',
        targetId: member.loginId,
        before: before
          ? { serviceId, unitPriceMilli: before.unitPriceMilli, discountBp: before.discountBp }
          : null,
        after: { serviceId, ...rate, ...(losses.length > 0 ? { confirmedLoss: losses } : {}) },
        memo: body.memo,
      });
      return this.pricingOf(tx, member);
    });
  }

  deleteMemberRate(operatorId: number, loginId: string, serviceId: number): Promise<MemberPricingResponse> {
    return this.write(async (tx) => {
      const member = await memberByLoginId(tx, loginId);
      const [before] = await tx
        .delete(memberRates)
        .where(and(eq(memberRates.accountId, member.id), eq(memberRates.serviceId, serviceId)))
        .returning();
      if (!before) throw appError('NOT_FOUND', M.RATE_NOT_FOUND);
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'member.rate-delete',
        targetType: 'member',
        targetId: member.loginId,
        before: { serviceId, unitPriceMilli: before.unitPriceMilli, discountBp: before.discountBp },
        after: null,
      });
      return this.pricingOf(tx, member);
    });
  }

  /** One write in its transaction, then every process's pricing book dropped (after the commit). */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw appError('CATALOG_CONFLICT', M.GRADE_NAME_TAKEN);
      throw error;
    }
    await this.book.changed();
    return result;
  }

  private async present(ex: Executor, row: GradeRow): Promise<Grade> {
    return {
      ...gradeFacts(row),
      id: row.id,
      members: await pricingRepository.countMembersOfGrade(ex, row.id),
    };
  }

  private async pricingOf(
    ex: Executor,
    member: { id: number; loginId: string; gradeId: number | null; gradeManual: boolean },
  ): Promise<MemberPricingResponse> {
    const rows = await ex
      .select({
        rate: memberRates,
        service: { text: services.text, unitPriceMilli: services.unitPriceMilli },
      })
      .from(memberRates)
      .innerJoin(services, eq(services.id, memberRates.serviceId))
      .where(eq(memberRates.accountId, member.id))
      .orderBy(asc(memberRates.serviceId));
    return {
      loginId: member.loginId,
      gradeId: member.gradeId,
      gradeManual: member.gradeManual,
      rates: rows.map(({ rate, service }) => ({
        serviceId: rate.serviceId,
        service: service.text,
        listPriceMilli: service.unitPriceMilli,
        memberPriceMilli: memberUnitPriceMilli(rate.serviceId, service.unitPriceMilli, {
          gradeDiscountBp: 0,
          rates: new Map([[rate.serviceId, rate]]),
        }),
        unitPriceMilli: rate.unitPriceMilli,
        discountBp: rate.discountBp,
        lossConfirmed: rate.lossConfirmed,
      })),
    };
  }
}

function gradeValues(body: GradeBody) {
  const problem = validateGradeInput(body);
  if (problem) throw invalid(problem);
  return {
    name: body.name.trim(),
    discountBp: body.discountBp,
    minSpendWon: body.minSpendWon,
    windowDays: body.windowDays,
  };
}

const gradeFacts = (row: GradeRow) => ({
  name: row.name,
  discountBp: row.discountBp,
  minSpendWon: row.minSpendWon,
  windowDays: row.windowDays,
});

/** A member (not an operator, not deleted) by login id, compared as every login id is; else 404. */
async function memberByLoginId(ex: Executor, loginId: string) {
  const row = await accountRepository.findActiveByLoginId(ex, loginId);
  if (!row || row.role !== 'member') throw appError('NOT_FOUND', M.MEMBER_NOT_FOUND);
  return row;
}
