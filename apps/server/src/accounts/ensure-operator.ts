import { hashPassword } from '../auth/password-hasher';
import { ConfigError } from '../config';
import type { Db } from '../db/database';
import { accountRepository } from './account.repository';

export interface OperatorOutcome {
  created: boolean;
  /** Ids of former operators (an earlier ADMIN_ID) that are members now. */
  demoted: string[];
}

/**
 * ADMIN_ID / ADMIN_PASSWORD at every start: create that operator, or reset its password. An id that
 * belongs to a member (deleted or not) stops the start instead: promoting it would hand the console to
 * whoever owns that member's e-mail and API key. Any other operator, e.g. the previous ADMIN_ID, is
 * demoted to member, so the configured id is the only operator.
 */
export async function ensureOperator(
  db: Db,
  admin: { id: string; password: string },
): Promise<OperatorOutcome> {
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    const existing = await accountRepository.findRoleByLoginId(tx, admin.id);
    if (existing && existing.origin !== 'admin-config') {
      throw new ConfigError(
        `Invalid configuration:\n- ADMIN_ID: "${admin.id}" is the id of an existing member account ` +
          `(#${existing.id}). A member is never promoted to operator: choose an ADMIN_ID nobody has signed up with.`,
      );
    }
    if (existing) await accountRepository.resetOperator(tx, existing.id, passwordHash);
    else await accountRepository.insertOperator(tx, admin.id, passwordHash);
    const demoted = await accountRepository.demoteOperatorsExcept(tx, admin.id);
    return { created: !existing, demoted };
  });
}
