import { appMeta } from '../schema';
import type { Executor } from '../database';

/**
 * A demo seed's once-per-database claim: true for the one start whose marker row is new (two processes
 * starting at once: only one gets true), false on every later start.
 */
export async function claimSeedMarker(ex: Executor, key: string): Promise<boolean> {
  const [marked] = await ex
    .insert(appMeta)
    .values({ key, value: new Date().toISOString() })
    .onConflictDoNothing({ target: appMeta.key })
    .returning({ key: appMeta.key });
  return marked !== undefined;
}
