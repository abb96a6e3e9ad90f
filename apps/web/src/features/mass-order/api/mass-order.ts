import { useMutation } from '@tanstack/react-query';
import type { MassOrderLine, MassOrderResponse } from '@smm/domain/contract';
import { ordersApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';

export type { MassOrderLine, MassOrderResponse };

/** Checks and prices every pasted line; nothing is placed (docs/product.md#mass-order). */
export const previewMassOrder = (text: string) =>
  call(ordersApi.massOrder, { body: { text, preview: true } });

export interface PlaceMassOrderInput {
  text: string;
  /** One per checked paste: pressed twice (or retried), the server answers with the first result. */
  idempotencyKey: string;
}

export const placeMassOrder = ({ text, idempotencyKey }: PlaceMassOrderInput) =>
  call(
    ordersApi.massOrder,
    { body: { text, preview: false } },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );

export const usePreviewMassOrder = () => useMutation({ mutationFn: previewMassOrder });
export const usePlaceMassOrder = () => useMutation({ mutationFn: placeMassOrder });
