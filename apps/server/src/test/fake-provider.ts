import {
  ProviderError,
  type ProviderApi,
  type ProviderOrderInput,
  type ProviderOrderStatus,
} from '../providers/provider-api';

/**
 * A provider client under a test's control, for the tests that drive the order worker against a
 * provider of their own. `statuses` answers from `states` (an id not there is one the provider does
 * not know), `status` the same for one id; `cancel`, `refill` and `refillStatuses` answer nothing, and
 * `add` is not used unless a test's subclass gives it a meaning (how it numbers orders, when it refuses
 * or waits). With `multiStatus` false it refuses the multi-status call, as a provider without it does;
 * `statusCalls` counts the calls of each kind.
 */
export class FakeProvider implements ProviderApi {
  states = new Map<string, ProviderOrderStatus>();

  async add(_input: ProviderOrderInput): Promise<{ providerOrderId: string }> {
    throw new Error('not used');
  }
  multiStatus = true;
  statusCalls = { multi: 0, single: 0 };

  async statuses(ids: string[]) {
    this.statusCalls.multi += 1;
    if (!this.multiStatus) throw new ProviderError('status: refused: Incorrect order ID', true, 'refused');
    return new Map(ids.map((id) => [id, this.states.get(id) ?? { error: 'Incorrect order ID' }] as const));
  }
  async status(id: string) {
    this.statusCalls.single += 1;
    return this.states.get(id) ?? { error: 'Incorrect order ID' };
  }
  async cancel(): Promise<Map<string, true | { error: string }>> {
    return new Map();
  }
  async balance() {
    return { balance: '100.00', currency: 'KRW' };
  }
  // Refills are not these tests' subject.
  async refill(): Promise<Map<string, { refillId: string } | { error: string }>> {
    return new Map();
  }
  async refillStatuses(): Promise<Map<string, { status: string } | { error: string }>> {
    return new Map();
  }
}
