import { useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { validateOperatorDeposit } from '@smm/domain';
import type { OperatorDepositResponse } from '@smm/domain/contract';
import { errorMessage } from '@/lib/api-client';
import { useCreateDeposit } from '../api/create-deposit';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { parseWon } from './parse-won';
import { AdminTextField, AdminTextArea } from '@/features/admin/components/admin-field';

function outcomeMessage({ deposit, duplicate }: OperatorDepositResponse): string {
  if (duplicate) return '이미 등록된 입금입니다.';
  if (deposit.status === 'MATCHED') {
    return `입금을 등록했고 충전 신청 #${deposit.chargeId}에 반영했습니다.`;
  }
  if (deposit.status === 'DUPLICATE') {
    return `입금을 등록했습니다. 이미 들어온 입금(#${deposit.duplicateOf})과 같은 이체로 보여 ‘중복 의심’으로 보관했습니다.`;
  }
  if (deposit.status === 'LATE') {
    return '입금을 등록했습니다. 기한이 지난 충전 신청과 같아 ‘기한 후 입금’으로 보관했습니다.';
  }
  return '입금을 등록했습니다. 맞는 충전 신청이 없어 ‘미확인’으로 보관했습니다.';
}

/**
 * "입금 직접 등록": a transfer seen in the bank's own app. The server matches it like a relay's; the
 * form's Idempotency-Key makes a resend (a double click, a retry after a network error) harmless.
 */
export function OperatorDepositDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateDeposit();
  const [key] = useState(newIdempotencyKey);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [at, setAt] = useState('');
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sent.current) return;
    // <input type="datetime-local"> has no zone: the operator types Korean time.
    const depositedAt = at ? `${at.length === 16 ? `${at}:00` : at}+09:00` : null;
    const body = { depositorName: name, amount: parseWon(amount), depositedAt, memo };
    const message = validateOperatorDeposit(body, new Date());
    if (message) {
      setError(message);
      return;
    }
    setError(null);
    sent.current = true;
    try {
      const result = await create.mutateAsync({
        body: { ...body, depositorName: name.trim(), memo: memo.trim() },
        idempotencyKey: key,
      });
      toast.success(outcomeMessage(result));
      onClose();
    } catch (caught) {
      toast.error(errorMessage(caught, '등록하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    } finally {
      sent.current = false;
    }
  };

  return (
    <AdminDialog title="입금 직접 등록" onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <p className="points-dialog-description">
          은행 앱에서 확인한 입금을 등록합니다. 입금자명과 금액이 같은 대기 중 충전 신청이 있으면 바로
          충전됩니다.
        </p>
        <div className="admin-form-grid">
          <AdminTextField
            label="입금자명"
            value={name}
            maxLength={40}
            onChange={(event) => setName(event.target.value)}
          />
          <AdminTextField
            label="입금액 (원)"
            inputMode="numeric"
            value={amount}
            placeholder="예: 11000"
            onChange={(event) => setAmount(event.target.value)}
          />
          <AdminTextField
            label="입금 시각 (한국 시간, 비우면 지금)"
            type="datetime-local"
            value={at}
            onChange={(event) => setAt(event.target.value)}
          />
        </div>
        <AdminTextArea
          label="등록 사유"
          value={memo}
          maxLength={200}
          placeholder="예: 은행 알림 누락, 통장 거래내역에서 확인"
          onChange={(event) => setMemo(event.target.value)}
        />
        {error && (
          <p className="points-error" role="alert">
            {error}
          </p>
        )}
        <AdminDialogActions
          onCancel={onClose}
          pending={create.isPending}
          cancelDisabled={create.isPending}
          submitLabel="등록하기"
          pendingLabel="등록 중…"
        />
      </form>
    </AdminDialog>
  );
}
