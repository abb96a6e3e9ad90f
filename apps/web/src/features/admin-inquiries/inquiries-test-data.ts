import type {
  AdminInquiriesResponse,
  AdminInquiryItem,
  AdminInquiryThread,
  AdminOrderItem,
} from '@smm/domain/contract';

/** An inquiry as the console's queue lists it. */
export const sampleInquiry = (over: Partial<AdminInquiryItem> = {}): AdminInquiryItem => ({
  id: 7,
  type: 'ORDER_REFILL',
  title: '팔로워가 줄었어요',
  state: 'WAITING',
  accountId: 3,
  loginId: 'kim_1',
  orderId: 22,
  chargeId: null,
  assignedOperatorId: null,
  assignedLoginId: null,
  waitingSince: '2026-11-21T15:30:00.000Z',
  closedAt: null,
  createdAt: '2026-11-21T15:30:00.000Z',
  updatedAt: '2026-11-21T15:30:00.000Z',
  ...over,
});

export const queueOf = (items: AdminInquiryItem[], total = items.length): AdminInquiriesResponse => ({
  items,
  page: 1,
  pageSize: 50,
  total,
});

/** The linked order as the thread answers it (the orders list's shape). */
export const linkedOrder = (over: Partial<AdminOrderItem> = {}): AdminOrderItem => ({
  id: 22,
  createdAt: '2026-11-20T10:00:00.000Z',
  memberLoginId: 'kim_1',
  serviceId: 3,
  serviceText: '인스타 팔로워',
  link: 'https://instagram.com/p/abc',
  amount: 1000,
  unitPriceMilli: 350,
  cost: 350,
  refunded: 0,
  status: 2,
  providerId: 1,
  providerName: '시뮬레이터',
  providerOrderId: '9001',
  startCount: 10,
  remains: 0,
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

export const sampleThread = (over: Partial<AdminInquiryThread> = {}): AdminInquiryThread => ({
  inquiry: sampleInquiry(),
  messages: [
    {
      id: 1,
      author: 'member',
      authorLoginId: 'kim_1',
      internal: false,
      text: '<b>굵게</b> 팔로워가 줄었어요.',
      attachmentUrl: null,
      createdAt: '2026-11-21T15:30:00.000Z',
    },
    {
      id: 2,
      author: 'operator',
      authorLoginId: 'admin',
      internal: true,
      text: '공급사 확인 중',
      attachmentUrl: null,
      createdAt: '2026-11-21T15:40:00.000Z',
    },
  ],
  order: linkedOrder(),
  charge: null,
  ledger: [
    {
      id: 91,
      delta: -350,
      reason: 'ORDER',
      reasonLabel: '주문',
      reference: 'order:22',
      balanceAfter: 9650,
      createdAt: '2026-11-20T10:00:00.000Z',
    },
  ],
  operators: [
    { id: 1, loginId: 'admin' },
    { id: 2, loginId: 'helper' },
  ],
  ...over,
});

/** A linked charge as the thread answers it (the charges list's shape, with its deposits). */
export const linkedCharge = (
  over: Partial<NonNullable<AdminInquiryThread['charge']>> = {},
): NonNullable<AdminInquiryThread['charge']> => ({
  id: 5,
  memberLoginId: 'kim_1',
  depositorName: '김민수',
  point: 30000,
  payable: 33000,
  feeType: 0,
  feeValue: null,
  status: 0,
  createdAt: '2026-11-21T15:00:00.000Z',
  expiresAt: '2026-11-22T15:00:00.000Z',
  responseAt: null,
  depositId: null,
  decidedBy: null,
  receiptIssuedAt: null,
  deposits: [],
  ...over,
});
