import { formatWon, withParticle } from '@smm/domain';
import { toast } from '@/lib/toast';
import { useCancelAutoOrder } from './api/cancel-auto-order';
import { useCancelOrder } from './api/cancel-order';
import { useForceRefundOrder } from './api/force-refund-order';
import { useMarkOrderPartial } from './api/mark-order-partial';
import { useRequestOrderRefill } from './api/request-order-refill';
import { useResendOrder } from './api/resend-order';
import { cancelOutcome } from './cancel-outcome';
import type { OrderAction, OrderActionInput } from './order-action-dialog';

/**
 * The operator's actions on an order or auto-order (재전송, 취소·환불, 강제 환불, 리필 요청, 부분 완료,
 * 자동주문 중지·환불): the call and its outcome's toast, once for the 주문 screen and an inquiry's linked
 * order. `run` throws the server's refusal, for the dialog to show.
 */
export function useOrderAction() {
  const resend = useResendOrder();
  const cancel = useCancelOrder();
  const forceRefund = useForceRefundOrder();
  const refill = useRequestOrderRefill();
  const partial = useMarkOrderPartial();
  const cancelAuto = useCancelAutoOrder();
  const pending =
    resend.isPending ||
    cancel.isPending ||
    forceRefund.isPending ||
    refill.isPending ||
    partial.isPending ||
    cancelAuto.isPending;

  const run = async (action: OrderAction, input: OrderActionInput): Promise<void> => {
    const body = { memo: input.memo };
    if (action.kind === 'auto-cancel') {
      const { id } = action.autoOrder;
      const answer = await cancelAuto.mutateAsync({ id, body });
      toast.success(
        answer.changed
          ? `자동주문 #${withParticle(id, '을/를')} 중지하고 ${withParticle(formatWon(answer.refunded), '을/를')} 환불했습니다.`
          : '이미 중지된 자동주문입니다.',
      );
      return;
    }
    const { id } = action.order;
    if (action.kind === 'resend') {
      const answer = await resend.mutateAsync({ id, body });
      toast.success(
        answer.changed
          ? `주문 #${withParticle(id, '을/를')} 다음 처리 주기에 다시 전송합니다.`
          : '이미 전송을 기다리는 주문입니다.',
      );
    } else if (action.kind === 'cancel' || action.kind === 'force-refund') {
      const forced = action.kind === 'force-refund';
      const answer = await (forced ? forceRefund : cancel).mutateAsync({ id, body });
      const outcome = cancelOutcome(id, answer, forced);
      if (outcome.tone === 'warning') toast.warning(outcome.text);
      else toast.success(outcome.text);
    } else if (action.kind === 'refill') {
      await refill.mutateAsync({ id, body });
      toast.success(`주문 #${id}의 리필을 요청했습니다. 다음 처리 주기에 공급사로 보냅니다.`);
    } else {
      const answer = await partial.mutateAsync({
        id,
        body: { remains: input.remains ?? 0, memo: input.memo },
      });
      toast.success(
        answer.changed
          ? `부분 완료로 처리하고 ${withParticle(formatWon(answer.refunded), '을/를')} 환불했습니다.`
          : '이미 같은 수량으로 부분 완료된 주문입니다.',
      );
    }
  };

  return { run, pending };
}
