/**
 * Why this file: the console reads, the domains act (docs/ARCHITECTURE.md#operator-console).
 * Suspending, restoring and resetting a member's API key change the member's account, so they live here
 * with the accounts; admin/members keeps only the console's routes and its read model (list, profile).
 */
import { MEMBER_ADMIN_MESSAGES, validateMemberActionMemo } from '@smm/domain';
import { auditLogRepository } from '../audit/audit-log.repository';
import type { Db, Executor, Tx } from '../db/database';
import { appError } from '../errors/app-error';
import type { AccountChanged } from '../auth/account-guard-cache';
import type { Clock } from '../shared/clock';
import { accountRepository, type AccountRow } from './account.repository';
import { maskedKeyOf } from './masked-api-key';

type MemberAction = 'member.suspend' | 'member.restore' | 'member.api-key-reset';

/**
 * How the caller shows the member after the action, read in the action's own transaction (the console
 * passes its member profile).
 */
export type PresentMember<P> = (ex: Executor, account: AccountRow) => Promise<P>;

/**
 * An operator's actions on a member (docs/product.md#operator-console): suspend / restore, API key reset.
 *
 * A suspension stops the member at the door only: login (password, Naver, Kakao), every request with
 * an older token and the API key are refused from the next request on (the guards read
 * `suspended_at` each time). Work already placed keeps running: the background loop fulfils and
 * refunds their paid orders and auto-order runs, and a transfer for a pending charge is still
 * credited, because that money is the member's and an operator who wants it back adjusts the balance.
 *
 * Each action locks the account row, is idempotent (already there → `changed: false`, nothing
 * written) and writes its audit entry in the same transaction.
 */
export class MemberAdministration {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** After a suspension or restore commits: the guards' cached facts go everywhere. */
    private readonly accountChanged: AccountChanged,
  ) {}

  suspend<P>(
    operatorId: number,
    loginId: string,
    memo: string,
    present: PresentMember<P>,
  ): Promise<{ member: P; changed: boolean }> {
    this.checkMemo(memo, true);
    return this.act(operatorId, loginId, memo, 'member.suspend', present, async (tx, account) => {
      if (account.suspendedAt) return null;
      const now = this.clock.now();
      await accountRepository.setSuspendedAt(tx, account.id, now);
      return { before: { suspendedAt: null }, after: { suspendedAt: now.toISOString() } };
    });
  }

  restore<P>(
    operatorId: number,
    loginId: string,
    memo: string,
    present: PresentMember<P>,
  ): Promise<{ member: P; changed: boolean }> {
    this.checkMemo(memo, false);
    return this.act(operatorId, loginId, memo, 'member.restore', present, async (tx, account) => {
      if (!account.suspendedAt) return null;
      await accountRepository.setSuspendedAt(tx, account.id, null);
      return { before: { suspendedAt: account.suspendedAt.toISOString() }, after: { suspendedAt: null } };
    });
  }

  /** The key stops at once; the member issues a new one on their account page (shown once, as always). */
  resetApiKey<P>(
    operatorId: number,
    loginId: string,
    memo: string,
    present: PresentMember<P>,
  ): Promise<{ member: P; changed: boolean }> {
    this.checkMemo(memo, false);
    return this.act(operatorId, loginId, memo, 'member.api-key-reset', present, async (tx, account) => {
      const before = maskedKeyOf(account);
      if (before === null && account.apiKeyHash === null) return null;
      await accountRepository.revokeApiKey(tx, account.id);
      return { before: { apiKey: before }, after: { apiKey: null } };
    });
  }

  private checkMemo(memo: string, required: boolean): void {
    const message = validateMemberActionMemo(memo, required);
    if (message) throw appError('BAD_REQUEST', message);
  }

  /**
   * One operator action on a locked member: `change` returns null when the member is already in the
   * asked state (nothing written, no audit entry), else the before/after pair for the audit log.
   */
  private async act<P>(
    operatorId: number,
    loginId: string,
    memo: string,
    action: MemberAction,
    present: PresentMember<P>,
    change: (tx: Tx, account: AccountRow) => Promise<{ before: unknown; after: unknown } | null>,
  ): Promise<{ member: P; changed: boolean }> {
    const outcome = await this.db.transaction(async (tx) => {
      const account = await accountRepository.lockActiveByLoginId(tx, loginId);
      if (!account) throw appError('NOT_FOUND', MEMBER_ADMIN_MESSAGES.MEMBER_NOT_FOUND);
      if (account.role !== 'member') {
        throw appError(
          'MEMBER_STATE',
          action === 'member.suspend'
            ? MEMBER_ADMIN_MESSAGES.OPERATOR_NOT_SUSPENDABLE
            : MEMBER_ADMIN_MESSAGES.OPERATOR_NOT_MANAGED,
        );
      }
      const changed = await change(tx, account);
      if (changed) {
        await auditLogRepository.record(tx, {
          operatorId,
          action,
          targetType: 'member',
          targetId: account.loginId,
          before: changed.before,
          after: changed.after,
          memo: memo.trim(),
        });
      }
      const current = await accountRepository.findActiveByLoginId(tx, account.loginId);
      if (!current) throw new Error(`member ${account.id} vanished inside its own transaction`);
      return { id: account.id, member: await present(tx, current), changed: changed !== null };
    });
    // Committed: the member's next request, in any process, is judged by the new state.
    if (outcome.changed) await this.accountChanged(outcome.id);
    return { member: outcome.member, changed: outcome.changed };
  }
}
