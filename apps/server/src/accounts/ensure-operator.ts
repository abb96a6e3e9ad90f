import { hashPassword } from '../auth/password-hasher';
import type { Db } from '../db/database';
import { accountRepository } from './account.repository';

/** ADMIN_ID / ADMIN_PASSWORD create the operator, or reset its password and role, at every start. */
export async function ensureOperator(db: Db, admin: { id: string; password: string }): Promise<void> {
  const passwordHash = await hashPassword(admin.password);
  await db.transaction((tx) => accountRepository.upsertOperator(tx, admin.id, passwordHash));
}
