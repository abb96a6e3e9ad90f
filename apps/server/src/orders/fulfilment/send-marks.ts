import type { Db } from '../../db/database';
import { Coalescer } from '../../shared/coalescer';
import { fulfilmentRepository } from './fulfilment.repository';

/**
 * The two writes around every `add` (the fence before it, the provider's order id after it), coalesced
 * across the lanes of this process: with many calls in flight, the sends that reach the same moment
 * share one statement and one commit instead of two each (docs/ARCHITECTURE.md "Orders and the
 * background loop"). Each order is still marked before its own `add` and recorded after it; only the
 * commit is shared, so what a kill can leave behind is unchanged.
 */
export class SendMarks {
  private readonly sending: Coalescer<{ id: number; token: string; now: Date; leaseUntil: Date }, boolean>;
  private readonly submitted: Coalescer<
    { id: number; providerOrderId: string; nextCheckAt: Date; now: Date },
    boolean
  >;

  constructor(db: Db) {
    this.sending = new Coalescer(async (marks) => {
      const held = await fulfilmentRepository.markSending(db, marks);
      return marks.map((m) => held.has(m.id));
    });
    this.submitted = new Coalescer(async (accepted) => {
      const recorded = await fulfilmentRepository.markSubmitted(db, accepted);
      return accepted.map((a) => recorded.has(a.id));
    });
  }

  /** The fence: true only if this claim still holds the open, unsent order, now marked sending. */
  markSending(id: number, token: string, now: Date, leaseUntil: Date): Promise<boolean> {
    return this.sending.run({ id, token, now, leaseUntil });
  }

  /** The provider's order id recorded: false when the order was closed meanwhile. */
  markSubmitted(id: number, providerOrderId: string, nextCheckAt: Date, now: Date): Promise<boolean> {
    return this.submitted.run({ id, providerOrderId, nextCheckAt, now });
  }
}
