import { queryOptions, useQuery } from '@tanstack/react-query';
import { ChargeStatus } from '@smm/domain';
import type { ChargeTransferStatus } from '@smm/domain/contract';
import { pointsApi } from '@smm/domain/endpoints';
import { call } from '@/lib/api-client';
import { PENDING_POLL_MS } from './get-charge-history';

export type { ChargeTransferStatus };

/** The member's pending charges with their transfer instructions (the card at the top of /point). */
export const PENDING_CHARGES_KEY = ['point-pending'] as const;
/** One charge's transfer instructions (입금 안내 of a history row, 신청한 충전 보기 after a refusal). */
export const CHARGE_TRANSFER_KEY = ['point-transfer'] as const;

export const getPendingCharges = () => call(pointsApi.pending);
export const getChargeTransfer = (id: number) => call(pointsApi.transfer, { params: { id } });

/**
 * GET /service/point-pending, read again while a charge waits (a deposit, a lapse or another tab ends
 * it). Never run for a guest.
 */
export const usePendingCharges = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: PENDING_CHARGES_KEY,
      queryFn: getPendingCharges,
      enabled,
      refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? PENDING_POLL_MS : false),
    }),
  );

/** GET /service/point/:id: a charge of the member's own (a 404 for anyone else's); read again while pending. */
export const useChargeTransfer = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: [...CHARGE_TRANSFER_KEY, id],
      queryFn: () => getChargeTransfer(id),
      retry: false,
      refetchInterval: (query) =>
        query.state.data?.status === ChargeStatus.PENDING ? PENDING_POLL_MS : false,
    }),
  );
