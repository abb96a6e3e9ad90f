import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import {
  autoOrderCancelRefundWon,
  cancelRefundWon,
  formatWon,
  partialRefundWon,
  validatePartialRemains,
  formatCount,
  particle,
  withParticle,
} from '@smm/domain';
import type { AdminAutoOrderItem, AdminOrderItem } from '@smm/domain/contract';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { AdminTextField, AdminTextArea } from '@/features/admin/components/admin-field';

const ORDER_MEMO_MAX = 200;

export type OrderAction =
  | { kind: 'resend'; order: AdminOrderItem }
  | { kind: 'cancel'; order: AdminOrderItem }
  | { kind: 'force-refund'; order: AdminOrderItem }
  | { kind: 'refill'; order: AdminOrderItem }
  | { kind: 'partial'; order: AdminOrderItem }
  | { kind: 'auto-cancel'; autoOrder: AdminAutoOrderItem };

export interface OrderActionInput {
  memo: string;
  /** Only for 'partial'. */
  remains?: number;
}

const TITLES: Record<OrderAction['kind'], string> = {
  resend: '공급사에 재전송',
  cancel: '주문 취소·환불',
  'force-refund': '강제 환불',
  refill: '리필 요청',
  partial: '부분 완료 처리',
  'auto-cancel': '자동주문 중지·환불',
};
const CONFIRM: Record<OrderAction['kind'], string> = {
  resend: '재전송',
  cancel: '취소',
  'force-refund': '강제 환불',
  refill: '리필 요청',
  partial: '부분 완료 처리',
  'auto-cancel': '중지하고 환불',
};

/**
 * What the provider sent back when its answer could not be read (the order is held for the operator):
 * shown as text, as it came, so the operator can judge whether it took the order.
 */
function ProviderAnswer({ order }: { order: AdminOrderItem }) {
  if (!order.providerAnswer) return null;
  return (
    <div className="orders-dialog-provider-answer">
      <p>공급사 응답 원문 (앞부분):</p>
      <pre>{order.providerAnswer}</pre>
    </div>
  );
}

const won = (amount: number) => <strong className="orders-dialog-money">{formatWon(amount)}</strong>;

/**
 * The confirmation of one order action: it says what will happen and how much goes back before the
 * operator confirms (the amounts come from the same domain functions the server refunds with), takes
 * an optional memo for the audit log and, for 부분 완료, the undelivered quantity with its refund shown
 * as it is typed. A native <dialog> opened modally: focus stays inside and Esc closes it. `error`,
 * the server's refusal of the last confirm, shows inside it: a toast sits under the modal's backdrop
 * (on a phone, under the dialog itself), where it would go unread.
 */
export function OrderActionDialog({
  action,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  action: OrderAction;
  pending: boolean;
  error?: string | null;
  onConfirm: (input: OrderActionInput) => void;
  onCancel: () => void;
}) {
  const remainsId = useId();
  const [memo, setMemo] = useState('');
  const [remainsText, setRemainsText] = useState('');
  const [touched, setTouched] = useState(false);

  const partial = action.kind === 'partial' ? action.order : null;
  const remains = /^\d+$/.test(remainsText.trim()) ? Number(remainsText.trim()) : Number.NaN;
  const remainsError = partial ? validatePartialRemains(remains, partial.amount) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (partial && remainsError) {
      setTouched(true);
      toast.error(remainsError);
      return;
    }
    onConfirm({ memo: memo.trim(), ...(partial ? { remains } : {}) });
  };

  let description: ReactNode;
  if (action.kind === 'resend') {
    const { order } = action;
    description = (
      <>
        <p>
          주문 #{withParticle(order.id, '을/를')} 다음 처리 주기에 공급사로 다시 보냅니다. 실패 횟수(
          {formatCount(order.attempts)}
          회)와 오류 기록이 초기화되며, 상품에 지금 연결된 공급사로 전송됩니다.
        </p>
        {order.lastError && <p className="orders-dialog-error-text">마지막 오류: {order.lastError}</p>}
        <ProviderAnswer order={order} />
        <p>
          공급사 패널에 이 주문이 없는 것을 확인한 뒤에만 재전송해주세요. 이미 있다면 두 번 처리됩니다. 추가
          결제나 환불은 없습니다.
        </p>
      </>
    );
  } else if (action.kind === 'cancel') {
    const { order } = action;
    description = (
      <>
        <p>
          주문 #{withParticle(order.id, '을/를')} 취소하고 {order.memberLoginId} 회원에게{' '}
          {won(cancelRefundWon(order))}
          {particle(formatWon(cancelRefundWon(order)), '을/를')} 환불합니다.
        </p>
        <ProviderAnswer order={order} />
        {order.providerOrderId ? (
          <p>
            공급사(주문번호 {order.providerOrderId})에 먼저 취소를 요청합니다. 공급사가 받아들이면 취소
            요청됨으로 표시되고, 환불은 공급사가 취소·부분 완료를 알려온 만큼 그때 됩니다. 거절하거나 응답을
            알 수 없으면 아무것도 바뀌지 않습니다(그때는 강제 환불).
          </p>
        ) : (
          // The list only knew the order unsent; a worker may have sent it since, so say both cases
          // (the answer's toast says which it was).
          <p>
            공급사에 접수된 주문이면 공급사에도 취소를 요청하고, 아직 접수되지 않았다면 더 이상 전송하지
            않습니다. 어느 쪽이었는지는 처리 결과로 알려드립니다.
          </p>
        )}
      </>
    );
  } else if (action.kind === 'force-refund') {
    const { order } = action;
    description = (
      <>
        <p>
          공급사의 답과 관계없이 주문 #{withParticle(order.id, '을/를')} 지금 취소하고 {order.memberLoginId}{' '}
          회원에게 {won(cancelRefundWon(order))}
          {particle(formatWon(cancelRefundWon(order)), '을/를')} 환불합니다. 주문과 감사 기록에 강제 환불로
          남습니다.
        </p>
        <ProviderAnswer order={order} />
        <p>공급사에도 취소를 요청하지만, 공급사가 계속 진행하면 그 비용은 돌려받지 못할 수 있습니다.</p>
      </>
    );
  } else if (action.kind === 'refill') {
    const { order } = action;
    description = (
      <p>
        {order.memberLoginId} 회원 대신 주문 #{order.id}의 리필을 공급사에 요청합니다. 회원의 리필과 같은
        조건(구매 당시 리필 기간, 진행 중인 리필 없음, 하루 한 번)을 따르며, 비용은 들지 않습니다.
      </p>
    );
  } else if (action.kind === 'partial') {
    const order = action.order;
    description = (
      <p>
        주문 #{order.id}({formatCount(order.amount)}개) 중 처리되지 않은 수량을 입력해주세요. 그 수량만큼의
        금액을 {order.memberLoginId} 회원에게 환불하고 부분 완료로 바꿉니다. 환불은 주문마다 한 번만 할 수
        있습니다.
      </p>
    );
  } else {
    const { autoOrder } = action;
    const left = autoOrder.runs - autoOrder.completed;
    description = (
      <>
        <p>
          자동주문 #{withParticle(autoOrder.id, '을/를')} 중지하고 아직 실행되지 않은 {formatCount(left)}회분{' '}
          {won(autoOrderCancelRefundWon(autoOrder))}
          {particle(formatWon(autoOrderCancelRefundWon(autoOrder)), '을/를')} {autoOrder.memberLoginId}{' '}
          회원에게 환불합니다.
        </p>
        <p>이미 실행된 {formatCount(autoOrder.completed)}회분은 각각의 주문으로 계속 처리됩니다.</p>
      </>
    );
  }

  return (
    <AdminDialog title={TITLES[action.kind]} onClose={onCancel}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="orders-dialog-description">{description}</div>
        {partial && (
          <AdminTextField
            label="미처리 수량"
            id={remainsId}
            inputMode="numeric"
            autoComplete="off"
            value={remainsText}
            placeholder={`1 ~ ${formatCount(Math.max(1, partial.amount - 1))}`}
            aria-invalid={touched && remainsError ? true : undefined}
            aria-describedby={`${remainsId}-refund`}
            onChange={(event) => {
              setRemainsText(event.target.value);
              setTouched(true);
            }}
          >
            <p id={`${remainsId}-refund`} className="orders-dialog-refund" aria-live="polite">
              {remainsError ? (
                touched && remainsText !== '' ? (
                  <span className="orders-dialog-error-text">{remainsError}</span>
                ) : (
                  '미처리 수량을 입력하면 환불 금액이 표시됩니다.'
                )
              ) : (
                <>
                  환불 금액: {won(partialRefundWon(partial, remains))} (처리된 수량{' '}
                  {formatCount(partial.amount - remains)}개)
                </>
              )}
            </p>
          </AdminTextField>
        )}
        <AdminTextArea
          label="메모 (선택)"
          value={memo}
          maxLength={ORDER_MEMO_MAX}
          placeholder="감사 로그에 남길 메모를 입력해주세요."
          onChange={(event) => setMemo(event.target.value)}
        />
        {error && (
          <p className="orders-dialog-error-text orders-dialog-refusal" role="alert">
            {error}
          </p>
        )}
        <AdminDialogActions
          onCancel={onCancel}
          pending={pending}
          cancelDisabled={pending}
          cancelLabel="닫기"
          submitLabel={CONFIRM[action.kind]}
          pendingLabel="처리 중…"
          // Resending and asking for a refill cost the member nothing: not styled as destructive.
          danger={action.kind !== 'resend' && action.kind !== 'refill'}
        />
      </form>
    </AdminDialog>
  );
}
