import { useMutation } from '@tanstack/react-query';
import type { PlaceOrderRequest, PlaceOrderResponse } from '@smm/domain/contract';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export type { PlaceOrderResponse };

export interface PlaceOrderInput {
  order: PlaceOrderRequest;
  /** One per submission attempt: the server answers a repeat of the same key with the first order. */
  idempotencyKey: string;
}

export const placeOrder = ({ order, idempotencyKey }: PlaceOrderInput) =>
  call(ordersApi.place, { body: order }, { headers: { 'Idempotency-Key': idempotencyKey } });

export const usePlaceOrder = () => useMutation({ mutationFn: placeOrder });
