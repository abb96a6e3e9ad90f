import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { accounts, socialIdentities } from '../../db/schema';

export type SocialProviderName = (typeof socialIdentities.$inferSelect)['provider'];

/** The only SQL on social_identities: which member a Naver or Kakao account signs in as. */
export const socialIdentityRepository = {
  /** The active member linked to that provider account (a deleted member's links are gone). */
  async findLinkedAccount(
    ex: Executor,
    provider: SocialProviderName,
    providerUserId: string,
  ): Promise<{ id: number; role: 'member' | 'admin'; suspendedAt: Date | null } | undefined> {
    const [row] = await ex
      .select({ id: accounts.id, role: accounts.role, suspendedAt: accounts.suspendedAt })
      .from(socialIdentities)
      .innerJoin(accounts, eq(accounts.id, socialIdentities.accountId))
      .where(
        and(
          eq(socialIdentities.provider, provider),
          eq(socialIdentities.providerUserId, providerUserId),
          isNull(accounts.deletedAt),
        ),
      )
      .limit(1);
    return row;
  },

  /** Whether the provider account is linked to anyone (the unique key's question, asked first). */
  async isLinked(ex: Executor, provider: SocialProviderName, providerUserId: string): Promise<boolean> {
    const [row] = await ex
      .select({ id: socialIdentities.id })
      .from(socialIdentities)
      .where(
        and(eq(socialIdentities.provider, provider), eq(socialIdentities.providerUserId, providerUserId)),
      )
      .limit(1);
    return row !== undefined;
  },

  /** Throws a unique violation when that provider account is already linked. */
  async link(
    ex: Executor,
    link: { provider: SocialProviderName; providerUserId: string; accountId: number },
  ): Promise<void> {
    await ex.insert(socialIdentities).values(link);
  },

  /** Account deletion: the provider accounts are free to sign up again. */
  async deleteByAccount(ex: Executor, accountId: number): Promise<void> {
    await ex.delete(socialIdentities).where(eq(socialIdentities.accountId, accountId));
  },
};
