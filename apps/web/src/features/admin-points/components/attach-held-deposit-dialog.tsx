import { useRef, useState, type FormEvent } from 'react';
import { DEPOSIT_STATUS_LABELS, formatWon } from '@smm/domain';
import type { AdminChargeItem, AdminDepositListItem, DepositStatus } from '@smm/domain/contract';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { AdminStatus } from '@/features/admin/components/admin-page';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { AdminTextField } from '@/features/admin/components/admin-field';
import { attachedText, useAttachDeposit } from '../api/attach-deposit';
import { useDeposits } from '../api/get-deposits';
import { when } from './points-format';

/** The deposits 입금 내역 offers to attach (충전에 연결): held, not credited to any charge. */
export const HELD_DEPOSITS: readonly DepositStatus[] = ['UNMATCHED', 'LATE', 'UNPARSED', 'DUPLICATE'];

/** The held deposits of the newest page of each held state, likeliest for the charge first. */
function useHeldDeposits(charge: AdminChargeItem) {
  const lists = [
    useDeposits({ status: 'UNMATCHED', page: 1 }),
    useDeposits({ status: 'LATE', page: 1 }),
    useDeposits({ status: 'UNPARSED', page: 1 }),
    useDeposits({ status: 'DUPLICATE', page: 1 }),
  ];
  const items = lists.flatMap((list) => list.data?.items ?? []);
  const score = (d: AdminDepositListItem) =>
    (d.amount === charge.payable ? 2 : 0) + (d.depositorName === charge.depositorName ? 1 : 0);
  items.sort((a, b) => score(b) - score(a) || b.id - a.id);
  return {
    items,
    isLoading: lists.some((list) => list.isLoading),
    isError: lists.some((list) => list.isError),
  };
}

/**
 * 입금 연결 from a charge (a 1:1 문의 about a transfer that was not credited): the held deposits to pick
 * from, the same amount or depositor name first, attached through 입금 내역's own call (충전에 연결),
 * which credits the charge in the same step.
 */
export function AttachHeldDepositDialog({
  charge,
  onClose,
}: {
  charge: AdminChargeItem;
  onClose: () => void;
}) {
  const held = useHeldDeposits(charge);
  const attach = useAttachDeposit();
  const [picked, setPicked] = useState<number | null>(null);
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sent.current) return;
    if (picked === null) {
      setError('연결할 입금을 골라주세요.');
      return;
    }
    setError(null);
    sent.current = true;
    try {
      const result = await attach.mutateAsync({
        depositId: picked,
        body: { chargeId: charge.id, memo: memo.trim() },
      });
      toast.success(`입금 #${picked}: ${attachedText(result, charge.id)}`);
      onClose();
    } catch (caught) {
      toast.error(errorMessage(caught, '연결하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    } finally {
      sent.current = false;
    }
  };

  return (
    <AdminDialog title="입금 연결" onClose={onClose} wide>
      <form className="admin-form" onSubmit={submit} noValidate>
        <p className="points-dialog-description">
          충전 신청 #{charge.id} · {charge.memberLoginId} · 입금자명 {charge.depositorName} · 입금할 금액{' '}
          {formatWon(charge.payable)}
        </p>
        <fieldset className="points-candidates">
          <legend>확인되지 않은 입금 (금액·입금자명이 같은 입금 먼저)</legend>
          {held.isLoading ? (
            <AdminStatus kind="loading" />
          ) : held.isError ? (
            <AdminStatus kind="error" />
          ) : held.items.length === 0 ? (
            <AdminStatus kind="empty">확인되지 않은 입금이 없습니다.</AdminStatus>
          ) : (
            <ul>
              {held.items.map((deposit) => (
                <li key={deposit.id}>
                  <label className="points-candidate">
                    <input
                      type="radio"
                      name="deposit"
                      value={deposit.id}
                      checked={picked === deposit.id}
                      onChange={() => {
                        setPicked(deposit.id);
                        setError(null);
                      }}
                    />
                    <span className="points-candidate-body">
                      <strong>
                        #{deposit.id} {deposit.depositorName ?? '알 수 없음'} ·{' '}
                        {deposit.amount === null ? '금액 알 수 없음' : formatWon(deposit.amount)}
                      </strong>
                      <span className="points-muted">
                        {DEPOSIT_STATUS_LABELS[deposit.status]} · 받은 시각 {when(deposit.createdAt)}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <AdminTextField
          label="메모 (선택)"
          value={memo}
          maxLength={200}
          placeholder="예: 문의로 확인한 입금"
          onChange={(event) => setMemo(event.target.value)}
        />
        {error && (
          <p className="points-error" role="alert">
            {error}
          </p>
        )}
        <AdminDialogActions
          onCancel={onClose}
          pending={attach.isPending}
          cancelDisabled={attach.isPending}
          submitLabel="연결하고 충전하기"
          pendingLabel="연결 중…"
        />
      </form>
    </AdminDialog>
  );
}
