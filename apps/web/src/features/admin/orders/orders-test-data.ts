import type { AdminOrderItem } from '@smm/domain/contract';

/** An order as the console lists it, for the screen's tests. */
export const sampleOrder = (over: Partial<AdminOrderItem> = {}): AdminOrderItem => ({
  id: 501,
  createdAt: '2026-11-21T15:30:00.000Z',
  memberLoginId: 'kim_1',
  serviceId: 3,
  serviceText: '인스타 좋아요',
  link: 'https://instagram.com/p/abc',
  amount: 1000,
  // 0.35 won a unit: the refund of a fraction of the order rounds in the member's favour.
  unitPriceMilli: 350,
  cost: 350,
  refunded: 0,
  status: 1,
  providerOrderId: '9001',
  startCount: 10,
  remains: null,
  lastError: null,
  attempts: 0,
  leasedUntil: null,
  nextCheckAt: null,
  autoOrderId: null,
  ...over,
});
