import { ChargeStatus } from '@smm/domain';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useChargeTransfer } from '../api/get-charge-transfer';
import { TransferDetails } from './transfer-details';

/** What became of a charge that no longer waits for its transfer. */
const SETTLED: Record<Exclude<ChargeStatus, typeof ChargeStatus.PENDING>, string> = {
  [ChargeStatus.SUCCESS]: '입금이 확인되어 충전이 완료되었습니다.',
  [ChargeStatus.FAIL]:
    '입금 기한이 지났거나 거절된 충전 신청입니다. 이 신청으로는 더 입금하지 마시고, 필요하면 새로 신청해 주세요.',
  [ChargeStatus.WITHDRAWN]: '취소한 충전 신청입니다. 이 신청으로 입금하시면 자동으로 충전되지 않습니다.',
};

/**
 * One charge's transfer instructions in a dialog (입금 안내 of a history row; 신청한 충전 보기 after a
 * refusal): read from the server (GET /service/point/:id, the member's own charges only), so a reload
 * never loses them. A charge that no longer waits says what became of it instead.
 */
export function ChargeTransferDialog({ chargeId, onClose }: { chargeId: number; onClose: () => void }) {
  const transfer = useChargeTransfer(chargeId);
  const charge = transfer.data;
  return (
    <ConfirmDialog title={`입금 안내 · 충전번호 ${chargeId}`} onClose={onClose}>
      {charge ? (
        charge.status === ChargeStatus.PENDING ? (
          <TransferDetails
            charge={charge}
            secondsLeft={charge.secondsLeft}
            receivedAt={transfer.dataUpdatedAt}
          />
        ) : (
          <p role="status">{SETTLED[charge.status]}</p>
        )
      ) : transfer.isError ? (
        <p role="alert">{errorMessage(transfer.error, '입금 안내를 불러오지 못했습니다.')}</p>
      ) : (
        <p aria-busy="true">입금 안내를 불러오는 중…</p>
      )}
    </ConfirmDialog>
  );
}
