import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { CANCEL_REQUESTED_LABEL, formatDateTime, REFILL_STATUS_LABELS, RefillStatus } from '@smm/domain';
import type { AutoOrderHistoryItem, OrderHistoryItem, RefillItem } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage } from '@/lib/api-client';
import { useCancelAutoOrder } from '../api/cancel-auto-order';
import { useCancelOrder } from '../api/cancel-order';
import { useOrderRefills } from '../api/get-order-refills';
import { useRequestRefill } from '../api/request-refill';

/** A refusal without the server's own words (a network failure, a 500). */
const FALLBACK_ERROR = '요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.';
export const REFILL_REQUESTED_MESSAGE = '리필을 요청했습니다. 진행 상태는 이 화면에서 확인할 수 있습니다.';

const REFILL_TONES: Record<RefillStatus, string> = {
  [RefillStatus.PENDING]: 'wait',
  [RefillStatus.INPROGRESS]: 'run',
  [RefillStatus.COMPLETED]: 'done',
  [RefillStatus.REJECTED]: 'fail',
};

/**
 * Under the order's status: why it was cancelled and refunded when its provider refused it (the
 * server's Korean, docs/product.md#orders), its newest refill (with the provider's reason for 거절) and
 * 취소 요청됨.
 */
export function OrderStateNotes({ order }: { order: OrderHistoryItem }) {
  const { refill, cancelRequested, cancelReason } = order;
  if (!refill && !cancelRequested && !cancelReason) return null;
  return (
    <div className="order-notes">
      {cancelReason && <span className="order-note-reason">사유: {cancelReason}</span>}
      {cancelRequested && <span className="order-note order-note-wait">{CANCEL_REQUESTED_LABEL}</span>}
      {refill && <RefillState refill={refill} />}
      {refill && <RefillHistory orderId={order.id} />}
    </div>
  );
}

function RefillState({ refill }: { refill: RefillItem }) {
  return (
    <>
      <span className={`order-note order-note-${REFILL_TONES[refill.status]}`}>
        리필 {REFILL_STATUS_LABELS[refill.status]}
      </span>
      {refill.status === RefillStatus.REJECTED && refill.reason && (
        <span className="order-note-reason">사유: {refill.reason}</span>
      )}
    </>
  );
}

/** 리필 내역: the order's every refill, read from the server when opened. */
function RefillHistory({ orderId }: { orderId: number }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const refills = useOrderRefills(orderId, open);
  return (
    <>
      <button
        type="button"
        className="order-refills-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((was) => !was)}
      >
        리필 내역
      </button>
      {open && (
        <div id={listId} className="order-refills">
          {refills.isPending ? (
            <span className="order-note-reason">불러오는 중…</span>
          ) : refills.isError ? (
            <span className="order-note-reason" role="alert">
              리필 내역을 불러오지 못했습니다.
            </span>
          ) : (
            <ol aria-label={`주문 ${orderId}의 리필 내역`}>
              {refills.data.map((r) => (
                <li key={r.id}>
                  <span className="order-refills-time">{formatDateTime(r.createdAt)}</span>
                  <RefillState refill={r} />
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </>
  );
}

type OrderAction = 'refill' | 'cancel';

/** 리필 요청 and 주문 취소, each where the server says it may be done now, each behind a confirm step. */
export function OrderActions({ order }: { order: OrderHistoryItem }) {
  const [confirming, setConfirming] = useState<OrderAction | null>(null);
  const refill = useRequestRefill();
  const cancel = useCancelOrder();
  if (!order.canRefill && !order.canCancel) return null;

  const close = () => setConfirming(null);
  const onError = (error: unknown) => toast.error(errorMessage(error, FALLBACK_ERROR));
  const confirm = () => {
    if (confirming === 'refill') {
      refill.mutate(order.id, {
        onSuccess: () => toast.success(REFILL_REQUESTED_MESSAGE),
        onError,
        onSettled: close,
      });
    } else if (confirming === 'cancel') {
      cancel.mutate(order.id, {
        onSuccess: (answer) => toast.success(answer.message),
        onError,
        onSettled: close,
      });
    }
  };

  return (
    <div className="order-actions">
      {order.canRefill && (
        <Button variant="outline" size="sm" onClick={() => setConfirming('refill')}>
          리필 요청
        </Button>
      )}
      {order.canCancel && (
        <Button variant="outline" size="sm" onClick={() => setConfirming('cancel')}>
          주문 취소
        </Button>
      )}
      {confirming === 'refill' && (
        <ConfirmDialog
          title="리필을 요청할까요?"
          confirmLabel="리필 요청"
          pendingLabel="요청 중…"
          pending={refill.isPending}
          onConfirm={confirm}
          onClose={close}
        >
          <OrderSummary order={order} />
          <p>줄어든 수량을 공급사에 다시 채워 달라고 요청합니다. 리필에는 비용이 들지 않습니다.</p>
          <p>리필은 주문 하나에 하루 한 번 요청할 수 있고, 진행 상태는 주문내역에 표시됩니다.</p>
        </ConfirmDialog>
      )}
      {confirming === 'cancel' && (
        <ConfirmDialog
          title="주문을 취소할까요?"
          confirmLabel="주문 취소"
          pendingLabel="취소 중…"
          pending={cancel.isPending}
          onConfirm={confirm}
          onClose={close}
        >
          <OrderSummary order={order} />
          <p>아직 공급사에 전달되지 않은 주문은 바로 취소되고 사용금액이 전액 환불됩니다.</p>
          <p>공급사에 이미 전달된 주문은 취소를 요청하고, 취소가 확인되면 남은 금액이 환불됩니다.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** 자동주문 취소 where the server says so, behind a confirm step. */
export function AutoOrderActions({ autoOrder }: { autoOrder: AutoOrderHistoryItem }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelAutoOrder();
  if (!autoOrder.canCancel) return null;
  const close = () => setConfirming(false);
  return (
    <div className="order-actions">
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
        자동주문 취소
      </Button>
      {confirming && (
        <ConfirmDialog
          title="자동주문을 취소할까요?"
          confirmLabel="자동주문 취소"
          pendingLabel="취소 중…"
          pending={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(autoOrder.id, {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toast.error(errorMessage(error, FALLBACK_ERROR)),
              onSettled: close,
            })
          }
          onClose={close}
        >
          <OrderSummary order={autoOrder} />
          <p>남은 회차는 더 이상 주문되지 않고, 남은 회차의 금액이 환불됩니다.</p>
          <p>이미 넣은 회차의 주문은 그대로 진행됩니다.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

function OrderSummary({ order }: { order: { id: number; serviceText: string } }) {
  return (
    <p>
      <strong>주문번호 {order.id}</strong> · {order.serviceText}
    </p>
  );
}
