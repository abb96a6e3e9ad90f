import { useState } from 'react';
import { toast } from '@/lib/toast';
import { formatWon } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useWithdrawCharge } from '../api/withdraw-charge';

const FALLBACK_ERROR = '충전 신청을 취소하지 못했습니다. 잠시 후 다시 시도해 주세요.';

/**
 * 충전 신청 취소 of one PENDING charge (docs/product.md#refill-and-cancellation), behind a confirm step;
 * the server's sentence as the toast either way. `onWithdrawn` lets the page drop a transfer panel that
 * still asks for this charge's transfer.
 */
export function WithdrawChargeButton({
  charge,
  onWithdrawn,
}: {
  charge: { id: number; payable: number };
  onWithdrawn?: (chargeId: number) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawCharge();
  const close = () => setConfirming(false);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        충전 신청 취소
      </Button>
      {confirming && (
        <ConfirmDialog
          title="충전 신청을 취소할까요?"
          confirmLabel="신청 취소"
          pendingLabel="취소 중…"
          pending={withdraw.isPending}
          onConfirm={() =>
            withdraw.mutate(charge.id, {
              onSuccess: (answer) => {
                toast.success(answer.message);
                onWithdrawn?.(answer.id);
              },
              onError: (error) => toast.error(errorMessage(error, FALLBACK_ERROR)),
              onSettled: close,
            })
          }
          onClose={close}
        >
          <p>
            <strong>충전번호 {charge.id}</strong> · 입금하실 금액 {formatWon(charge.payable)}
          </p>
          <p>
            입금 전이라면 신청을 취소할 수 있습니다. 취소한 신청으로 입금하시면 자동으로 충전되지 않습니다.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
