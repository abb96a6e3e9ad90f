import { useState } from 'react';
import { formatWon, withParticle } from '@smm/domain';
import type { AdminOrderItem } from '@smm/domain/contract';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { useCancelOrder } from './api/cancel-order';
import { useForceRefundOrder } from './api/force-refund-order';
import { useMarkOrderPartial } from './api/mark-order-partial';
import { useRequestOrderRefill } from './api/request-order-refill';
import { useResendOrder } from './api/resend-order';
import { cancelOutcome } from './cancel-outcome';
import { OrderActionDialog, type OrderAction, type OrderActionInput } from './order-action-dialog';
import { OrderRowActions } from './order-columns';
import './orders.css';

type OneOrderAction = Exclude<OrderAction, { kind: 'auto-cancel' }>;

/**
 * The orders screen's actions on one order shown elsewhere (a 1:1 문의's linked order): the same buttons,
 * dialog, calls and outcome messages; `onChanged` after each, so the screen reads the order again.
 */
export function LinkedOrderActions({
  order,
  onChanged,
}: {
  order: AdminOrderItem;
  onChanged: () => Promise<unknown>;
}) {
  const [action, setAction] = useState<OneOrderAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const resend = useResendOrder();
  const cancel = useCancelOrder();
  const forceRefund = useForceRefundOrder();
  const refill = useRequestOrderRefill();
  const partial = useMarkOrderPartial();
  const pending =
    resend.isPending || cancel.isPending || forceRefund.isPending || refill.isPending || partial.isPending;

  const run = async (next: OneOrderAction, input: OrderActionInput) => {
    const { id } = next.order;
    const body = { memo: input.memo };
    if (next.kind === 'resend') {
      const answer = await resend.mutateAsync({ id, body });
      toast.success(
        answer.changed
          ? `주문 #${withParticle(id, '을/를')} 다음 처리 주기에 다시 전송합니다.`
          : '이미 전송을 기다리는 주문입니다.',
      );
    } else if (next.kind === 'cancel' || next.kind === 'force-refund') {
      const forced = next.kind === 'force-refund';
      const answer = await (forced ? forceRefund : cancel).mutateAsync({ id, body });
      const outcome = cancelOutcome(id, answer, forced);
      if (outcome.tone === 'warning') toast.warning(outcome.text);
      else toast.success(outcome.text);
    } else if (next.kind === 'refill') {
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

  const confirm = async (input: OrderActionInput) => {
    if (!action) return;
    setError(null);
    try {
      await run(action, input);
      setAction(null);
    } catch (cause) {
      const message = errorMessage(cause, '처리하지 못했습니다. 잠시 후 다시 시도해주세요.');
      setError(message);
      toast.error(message);
    }
    await onChanged();
  };

  return (
    <>
      <OrderRowActions
        order={order}
        open={(next) => {
          if (next.kind === 'auto-cancel') return;
          setError(null);
          setAction(next);
        }}
      />
      {action && (
        <OrderActionDialog
          // The dialog speaks of the order as the screen now shows it (read again after each action).
          action={{ ...action, order }}
          pending={pending}
          error={error}
          onConfirm={(input) => void confirm(input)}
          onCancel={() => setAction(null)}
        />
      )}
    </>
  );
}
