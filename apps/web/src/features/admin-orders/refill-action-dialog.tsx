import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { ADMIN_REFILL_MESSAGES, withParticle } from '@smm/domain';
import type { AdminRefillItem } from '@smm/domain/contract';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { AdminTextArea } from '@/features/admin/components/admin-field';

const REFILL_MEMO_MAX = 200;

export type RefillAction = { kind: 'resend' | 'reject'; refill: AdminRefillItem };

/**
 * The confirmation of 재전송 or 거절 of one refill: what will happen, then a memo — optional for the
 * audit log when resending, required when rejecting (it is the reason the member reads).
 */
export function RefillActionDialog({
  action,
  pending,
  onConfirm,
  onCancel,
}: {
  action: RefillAction;
  pending: boolean;
  onConfirm: (memo: string) => void;
  onCancel: () => void;
}) {
  const [memo, setMemo] = useState('');
  const { refill } = action;
  const reject = action.kind === 'reject';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (reject && !memo.trim()) {
      toast.error(ADMIN_REFILL_MESSAGES.REJECT_MEMO_REQUIRED);
      return;
    }
    onConfirm(memo.trim());
  };

  return (
    <AdminDialog title={reject ? '리필 요청 거절' : '리필 재전송'} onClose={onCancel}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="orders-dialog-description">
          {reject ? (
            <p>
              주문 #{refill.order.id}의 리필 요청 #{withParticle(refill.id, '을/를')} 거절합니다. 입력한
              사유는 {refill.order.memberLoginId} 회원에게 보입니다. 공급사에 이미 접수된 리필은 공급사에서
              따로 취소되지 않습니다.
            </p>
          ) : (
            <p>
              주문 #{refill.order.id}의 리필 요청 #{withParticle(refill.id, '을/를')} 대기 상태로 되돌려 다음
              처리 주기에 공급사로 다시 보냅니다. 시도 횟수와 사유가 초기화됩니다.
            </p>
          )}
          {refill.reason && <p className="orders-dialog-error-text">현재 사유: {refill.reason}</p>}
          <p>포인트는 움직이지 않습니다.</p>
        </div>
        <AdminTextArea
          label={reject ? '거절 사유' : '메모 (선택)'}
          value={memo}
          maxLength={REFILL_MEMO_MAX}
          placeholder={
            reject ? '회원에게 보일 거절 사유를 입력해주세요.' : '감사 로그에 남길 메모를 입력해주세요.'
          }
          onChange={(event) => setMemo(event.target.value)}
        />
        <AdminDialogActions
          onCancel={onCancel}
          pending={pending}
          cancelDisabled={pending}
          cancelLabel="닫기"
          submitLabel={reject ? '거절' : '재전송'}
          pendingLabel="처리 중…"
          danger={reject}
        />
      </form>
    </AdminDialog>
  );
}
