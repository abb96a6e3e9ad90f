import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { verificationCodes } from '../db/schema';

export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
export type CodeChannel = VerificationCodeRow['channel'];

/** The only SQL on verification_codes. Addresses are normalised by the caller. */
export const verificationCodesRepository = {
  /** A new code for the address; that address's expired rows go at the same time. */
  async insert(
    ex: Executor,
    code: { channel: CodeChannel; address: string; codeHash: string; expiresAt: Date },
    now: Date,
  ): Promise<number> {
    await ex
      .delete(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, code.channel),
          eq(verificationCodes.address, code.address),
          lt(verificationCodes.expiresAt, now),
        ),
      );
    const [row] = await ex.insert(verificationCodes).values(code).returning({ id: verificationCodes.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async delete(ex: Executor, id: number): Promise<void> {
    await ex.delete(verificationCodes).where(eq(verificationCodes.id, id));
  },

  /** The latest code sent to the address: a newer code replaces every older one. */
  async findLatest(
    ex: Executor,
    channel: CodeChannel,
    address: string,
  ): Promise<VerificationCodeRow | undefined> {
    const [row] = await ex
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.address, address)))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    return row;
  },

  /**
   * Marks the code used, only while it is still live (one conditional UPDATE: of two racing
   * verifications of one code, exactly one gets the row back).
   */
  async consume(ex: Executor, id: number, now: Date, maxAttempts: number): Promise<boolean> {
    const rows = await ex
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(verificationCodes.id, id),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
          lt(verificationCodes.attempts, maxAttempts),
        ),
      )
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  },

  /** One more wrong guess at the code. */
  async countWrongAttempt(ex: Executor, id: number): Promise<void> {
    await ex
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, id));
  },
};
