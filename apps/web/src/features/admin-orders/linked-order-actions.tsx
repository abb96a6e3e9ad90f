import { useState } from 'react';
import type { AdminOrderItem } from '@smm/domain/contract';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { OrderActionDialog, type OrderAction, type OrderActionInput } from './order-action-dialog';
import { OrderRowActions } from './order-columns';
import { useOrderAction } from './use-order-action';
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
  const orderAction = useOrderAction();

  const confirm = async (input: OrderActionInput) => {
    if (!action) return;
    setError(null);
    try {
      await orderAction.run(action, input);
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
          pending={orderAction.pending}
          error={error}
          onConfirm={(input) => void confirm(input)}
          onCancel={() => setAction(null)}
        />
      )}
    </>
  );
}
