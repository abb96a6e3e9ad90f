import { z } from 'zod';
import { pathText, requestText } from './common';

/**
 * 회원 등급 and custom rates (docs/product.md#member-grades-and-custom-rates): the console's grades
 * screen (/admin/api/grades), a member's grade and rates (/admin/api/members/:loginId/pricing …) and
 * the member's own block on /account (GET /service/my-grade). Discounts are integer basis points
 * (1 bp = 0.01 %), prices integer milli-won; the domain rules check the ranges with Korean messages,
 * the schemas only keep absurd values and control characters out.
 */
const int = z.number().int().min(-2_147_483_648).max(2_147_483_647);

export const gradeIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const gradeRequest = z.object({
  name: requestText(100),
  discountBp: int,
  /** The spend over `windowDays` that earns it; null: the operator gives it. */
  minSpendWon: int.nullable(),
  windowDays: int,
});
export type GradeRequest = z.input<typeof gradeRequest>;

export const grade = z.object({
  id: z.number().int(),
  name: z.string(),
  discountBp: z.number().int(),
  minSpendWon: z.number().int().nullable(),
  windowDays: z.number().int(),
  /** Members holding it now. */
  members: z.number().int(),
});
export type Grade = z.infer<typeof grade>;
export const gradesResponse = z.object({ items: z.array(grade) });
export type GradesResponse = z.infer<typeof gradesResponse>;
export const gradeDeleteResponse = z.object({ id: z.number().int(), deleted: z.literal(true) });

export const memberRate = z.object({
  serviceId: z.number().int(),
  service: z.string(),
  /** The service's list price and what the member pays for it now. */
  listPriceMilli: z.number().int(),
  memberPriceMilli: z.number().int(),
  unitPriceMilli: z.number().int().nullable(),
  discountBp: z.number().int().nullable(),
  lossConfirmed: z.boolean(),
});
export type MemberRate = z.infer<typeof memberRate>;

export const memberPricingResponse = z.object({
  loginId: z.string(),
  gradeId: z.number().int().nullable(),
  /** Set by the operator: the daily grade run leaves it as it is. */
  gradeManual: z.boolean(),
  rates: z.array(memberRate),
});
export type MemberPricingResponse = z.infer<typeof memberPricingResponse>;

export const memberGradeRequest = z.object({
  /** null: no grade. */
  gradeId: int.nullable(),
  /** false: the daily grade run decides the member's grade again from the next run. */
  manual: z.boolean(),
  memo: requestText(500),
});

export const memberRateParams = z.object({
  loginId: pathText(),
  serviceId: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const memberRateRequest = z.object({
  unitPriceMilli: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
  discountBp: int.nullable(),
  /** The operator saves a price below the upstream cost on purpose (손실 감수하고 저장). */
  lossConfirmed: z.boolean().optional().default(false),
  memo: requestText(500),
});
export type MemberRateRequest = z.input<typeof memberRateRequest>;

/** The member's own block on /account: their grade, its discount, and what the next one needs. */
export const myGradeResponse = z.object({
  grade: z.object({ name: z.string(), discountBp: z.number().int() }).nullable(),
  /** How many services the member has an own price for. */
  customRates: z.number().int(),
  next: z
    .object({
      name: z.string(),
      discountBp: z.number().int(),
      minSpendWon: z.number().int(),
      windowDays: z.number().int(),
      spentWon: z.number().int(),
      missingWon: z.number().int(),
    })
    .nullable(),
});
export type MyGradeResponse = z.infer<typeof myGradeResponse>;
