import { describe, expect, it } from 'vitest';
import {
  AUTO_ORDER_STATUSES,
  AUTO_ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  OrderStatus,
  orderStatusFromProvider,
} from './order-status';

describe('orderStatusFromProvider (docs/ARCHITECTURE.md#upstream-providers)', () => {
  it.each([
    ['Pending', OrderStatus.PENDING],
    ['Processing', OrderStatus.PROCESSING],
    ['In progress', OrderStatus.INPROGRESS],
    ['Completed', OrderStatus.COMPLETED],
    ['Partial', OrderStatus.PARTIAL],
    ['Canceled', OrderStatus.CANCELED],
    ['Cancelled', OrderStatus.CANCELED],
    [' inprogress ', OrderStatus.INPROGRESS],
    ['PENDING', OrderStatus.PENDING],
  ] as const)('reads the text %j as today', (text, status) => {
    expect(orderStatusFromProvider(text)).toBe(status);
  });

  it.each([
    ['In Progress', OrderStatus.INPROGRESS],
    ['IN PROGRESS', OrderStatus.INPROGRESS],
    ['in_progress', OrderStatus.INPROGRESS],
    ['IN_PROGRESS', OrderStatus.INPROGRESS],
    ['in-progress', OrderStatus.INPROGRESS],
    ['In  progress', OrderStatus.INPROGRESS],
    ['COMPLETED', OrderStatus.COMPLETED],
    ['partial', OrderStatus.PARTIAL],
    ['CANCELLED', OrderStatus.CANCELED],
  ] as const)('reads %j in any case and spacing', (text, status) => {
    expect(orderStatusFromProvider(text)).toBe(status);
  });

  it.each([
    [0, OrderStatus.PENDING],
    [1, OrderStatus.INPROGRESS],
    [2, OrderStatus.COMPLETED],
    [3, OrderStatus.PARTIAL],
    [4, OrderStatus.PROCESSING],
    [5, OrderStatus.CANCELED],
    ['2', OrderStatus.COMPLETED],
    [' 3 ', OrderStatus.PARTIAL],
  ] as const)('reads the numeric code %j', (code, status) => {
    expect(orderStatusFromProvider(code)).toBe(status);
  });

  it.each(['', 'Error', 'Refunded', 'Fail', '6', '-1', '2.5', 'Completed 2', 'progress', '1e0'])(
    'knows no status %j',
    (text) => {
      expect(orderStatusFromProvider(text)).toBeNull();
    },
  );
  it.each([6, -1, 2.5, Number.NaN])('knows no numeric code %j', (code) => {
    expect(orderStatusFromProvider(code)).toBeNull();
  });
});

describe('one label set per status (docs/product.md#operator-console)', () => {
  it('the package exports a single label map for order states and one for auto-order states', async () => {
    const domain: Record<string, unknown> = await import('./index');
    const statusLabelMaps = Object.keys(domain).filter((name) => /ORDER_STATUS_LABELS$/.test(name));
    expect(statusLabelMaps.sort()).toEqual(['AUTO_ORDER_STATUS_LABELS', 'ORDER_STATUS_LABELS']);
  });

  it('names every state once, with the words members are shown', () => {
    expect(ORDER_STATUSES.map((status) => ORDER_STATUS_LABELS[status])).toEqual([
      '주문접수',
      '가동중',
      '주문완료',
      '주문실패',
      '주문대기',
      '주문취소 및 전액 환불',
    ]);
    expect(AUTO_ORDER_STATUSES.map((status) => AUTO_ORDER_STATUS_LABELS[status])).toEqual([
      '활성',
      '완료',
      '취소',
      '완료',
    ]);
  });
});
