import type { Db } from '../db/database';
import type { Clock } from '../shared/clock';
import { chargesRepository } from './charges.repository';
import type { DepositIntake } from './deposit-intake';

export interface ChargeTickReport {
  /** Pending charges past their 3 hours, now FAIL. */
  expired: number;
  /** Deposits a stopped process had stored but not matched, matched now. */
  depositsMatched: number;
}

/**
 * The charges' share of the background loop (docs/ARCHITECTURE.md#background-work): due rows are read from
 * state and claimed with SKIP LOCKED in short transactions, so any number of processes can tick.
 */
export class ChargeWorker {
  constructor(
    private readonly db: Db,
    private readonly deposits: DepositIntake,
    private readonly clock: Clock,
    private readonly batchSize = 200,
  ) {}

  async tick(): Promise<ChargeTickReport> {
    let expired = 0;
    for (;;) {
      const now = this.clock.now();
      const ids = await this.db.transaction((tx) => chargesRepository.expireDue(tx, now, this.batchSize));
      expired += ids.length;
      if (ids.length < this.batchSize) break;
    }
    const depositsMatched = await this.deposits.matchStale(this.batchSize);
    return { expired, depositsMatched };
  }
}
