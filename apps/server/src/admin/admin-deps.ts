import type { ServerVariable } from '@smm/domain';
import type { AppServices } from '../app';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';

/**
 * What every area of the operator API is built from: the database, the app's services (the same
 * instances the member routes use, so a console change drops the very caches members read) and the
 * parts of the configuration the console needs.
 */
export interface AdminDeps {
  db: Db;
  services: AppServices;
  config: Pick<AppConfig, 'dataDir' | 'publicUrl'>;
  /** Server variables some settings need that this process lacks (names only: settings/unbuilt-flags.ts). */
  missingServerVariables: ReadonlySet<ServerVariable>;
}
