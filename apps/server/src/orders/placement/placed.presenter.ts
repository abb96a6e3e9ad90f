import type { PlaceOrderResponse } from '@smm/domain/contract';
import type { OrderRow } from '../orders.repository';

/** What an order's answer shows: the new row's id and what was asked. */
export type Placed = Pick<OrderRow, 'id' | 'serviceId' | 'link' | 'amount' | 'cost'>;

export function presentPlaced(row: Placed, autoOrder: boolean): PlaceOrderResponse {
  return {
    orderId: row.id,
    serviceId: row.serviceId,
    link: row.link,
    amount: row.amount,
    autoOrder,
    cost: row.cost,
  };
}
