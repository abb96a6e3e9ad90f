import { describe, expect, it } from 'vitest';
import { toCsv } from '@smm/domain';
import { orderCsvColumns } from './order-columns';
import {
  DEFAULT_ORDERS_SEARCH,
  ordersRequestParams,
  ordersSearchParams,
  readOrdersSearch,
} from './orders-search';
import { sampleOrder } from './orders-test-data';

describe('orders by provider (after a failover, the failover)', () => {
  it('keeps the provider filter in the URL and sends it as providerId, on the orders tab only', () => {
    const search = readOrdersSearch(new URLSearchParams('provider=7'));
    expect(search.providerId).toBe(7);
    expect(ordersSearchParams(search)).toBe('provider=7');
    expect(new URLSearchParams(ordersRequestParams(search)).get('providerId')).toBe('7');
    expect(readOrdersSearch(new URLSearchParams('tab=auto&provider=7')).providerId).toBeNull();
    expect(readOrdersSearch(new URLSearchParams('provider=x')).providerId).toBeNull();
    expect(ordersRequestParams(DEFAULT_ORDERS_SEARCH)).not.toContain('providerId');
  });

  it('exports the provider’s name in the CSV', () => {
    const csv = toCsv(orderCsvColumns, [
      sampleOrder({ id: 41, providerId: 9, providerName: '대체 공급사 B' }),
    ]);
    expect(csv.split('\n')[0]).toContain('공급사,공급사 주문번호');
    expect(csv).toContain('대체 공급사 B');
  });
});
