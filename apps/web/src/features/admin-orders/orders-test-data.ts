import type { AdminOrderItem, AdminRefillItem } from '@smm/domain/contract';

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
  cancelReason: null,
  comments: null,
  attempts: 0,
  leasedUntil: null,
  nextCheckAt: null,
  autoOrderId: null,
  cancelRequestedAt: null,
  latestRefill: null,
  ...over,
});

/** A refill as the console lists it (GET /admin/api/refills), for the screen's tests. */
export const sampleRefill = (over: Partial<AdminRefillItem> = {}): AdminRefillItem => ({
  id: 31,
  status: 3,
  statusLabel: '거절',
  reason: 'Refill is not available for this order',
  providerRefillId: 'r-77',
  source: 'member',
  attempts: 0,
  createdAt: '2026-11-21T15:30:00.000Z',
  finishedAt: '2026-11-21T16:00:00.000Z',
  nextCheckAt: null,
  leasedUntil: null,
  order: {
    id: 501,
    status: 2,
    serviceText: '인스타 좋아요',
    link: 'https://instagram.com/p/abc',
    memberLoginId: 'kim_1',
    providerId: 1,
    providerName: '시뮬레이터',
    providerOrderId: '9001',
  },
  ...over,
});
