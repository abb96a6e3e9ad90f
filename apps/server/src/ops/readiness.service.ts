import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../db/database';
import { migrationsDir } from '../shared/paths';
import { opsRepository } from './ops.repository';

/** One migration of drizzle's journal (apps/server/drizzle/meta/_journal.json). */
export interface JournalEntry {
  tag: string;
  /** drizzle's migrator records this as the applied migration's `created_at`. */
  when: number;
}

export type CheckState = 'ok' | 'failed' | 'skipped';

export interface Readiness {
  ready: boolean;
  checks: { database: CheckState; migrations: CheckState };
}

/** The migrations this build ships, in order. */
export function readJournal(dir: string = migrationsDir): JournalEntry[] {
  const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** The tags of the journal's migrations the database has no record of (none: the schema is current). */
export function missingMigrations(
  journal: readonly JournalEntry[],
  appliedTimes: readonly string[],
): string[] {
  const applied = new Set(appliedTimes.map((time) => String(time)));
  return journal.filter((entry) => !applied.has(String(entry.when))).map((entry) => entry.tag);
}

/**
 * `GET /readyz`: may this process take traffic? The database answers `SELECT 1` within the timeout,
 * and every migration of the journal is recorded in drizzle's migrations table (a process started
 * from a newer build than the database's schema, or one whose migration failed, is not ready).
 */
export class ReadinessService {
  constructor(
    private readonly db: Db,
    private readonly journal: readonly JournalEntry[] = readJournal(),
    private readonly timeoutMs = 2000,
  ) {}

  async check(): Promise<Readiness> {
    const database = await this.attempt(() => opsRepository.ping(this.db));
    if (!database) return { ready: false, checks: { database: 'failed', migrations: 'skipped' } };
    const migrations = await this.attempt(async () => {
      const missing = missingMigrations(this.journal, await opsRepository.appliedMigrationTimes(this.db));
      if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(', ')}`);
    });
    return { ready: migrations, checks: { database: 'ok', migrations: migrations ? 'ok' : 'failed' } };
  }

  /** True when `work` finished in time without an error. */
  private async attempt(work: () => Promise<void>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), this.timeoutMs);
    });
    try {
      await Promise.race([work(), timeout]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
