import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { DEPOSIT_SOURCE_LABELS, DEPOSIT_STATUS_LABELS, formatWon } from '@smm/domain';
import type { AdminDepositListItem, AdminDepositWithMemo } from '@smm/domain/contract';
import { errorMessage } from '@/lib/api-client';
import { AdminStatus } from '@/features/admin/components/admin-page';
import { attachedText, useAttachDeposit } from '../api/attach-deposit';
import { useDepositCandidates } from '../api/get-deposit-candidates';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { ChargeStateChip, DepositNote, when } from './points-format';
import { AdminTextField } from '@/features/admin/components/admin-field';

const CHARGE_ID = /^\d{1,10}$/;

/**
 * "충전에 연결": the charges the deposit may pay for (same amount or name, likeliest first) to pick
 * from, or a charge number typed by hand (a bank message nobody could read has no candidates).
 */
export function AttachDepositDialog({
  deposit,
  onClose,
}: {
  deposit: AdminDepositListItem;
  onClose: () => void;
}) {
  const candidates = useDepositCandidates(deposit.id);
  const attach = useAttachDeposit();
  const [picked, setPicked] = useState<number | null>(null);
  const [manual, setManual] = useState('');
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sent = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sent.current) return;
    const typed = manual.trim();
    if (typed && !CHARGE_ID.test(typed)) {
      setError('충전 신청 번호는 숫자로 입력해주세요.');
      return;
    }
    const chargeId = typed ? Number(typed) : picked;
    if (!chargeId) {
      setError('연결할 충전 신청을 고르거나 번호를 입력해주세요.');
      return;
    }
    setError(null);
    sent.current = true;
    try {
      const result = await attach.mutateAsync({
        depositId: deposit.id,
        body: { chargeId, memo: memo.trim() },
      });
      toast.success(attachedText(result, chargeId));
      onClose();
    } catch (caught) {
      toast.error(errorMessage(caught, '연결하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    } finally {
      sent.current = false;
    }
  };

  const items = candidates.data?.items;
  return (
    <AdminDialog title="충전에 연결" onClose={onClose} wide>
      <form className="admin-form" onSubmit={submit} noValidate>
        {deposit.original ? (
          <DuplicateComparison deposit={deposit} original={deposit.original} />
        ) : (
          <>
            <dl className="points-facts">
              <dt>입금자</dt>
              <dd>{deposit.depositorName ?? '알 수 없음'}</dd>
              <dt>금액</dt>
              <dd>{deposit.amount === null ? '알 수 없음' : formatWon(deposit.amount)}</dd>
              <dt>받은 시각</dt>
              <dd>{when(deposit.createdAt)}</dd>
            </dl>
            {(deposit.rawText || deposit.source === 'operator') && <DepositNote deposit={deposit} />}
            {deposit.duplicateOf !== null && (
              <p className="points-dialog-description" role="note">
                먼저 받은 입금(#{deposit.duplicateOf})과 같은 이체를 다시 알린 것으로 보고 보관한 입금입니다.
                회원이 실제로 두 번 입금했는지 통장에서 확인한 뒤에만 연결해주세요.
              </p>
            )}
          </>
        )}
        <fieldset className="points-candidates">
          <legend>후보 충전 신청 (금액 또는 입금자명이 같은 신청)</legend>
          {candidates.isLoading ? (
            <AdminStatus kind="loading" />
          ) : candidates.isError ? (
            <AdminStatus kind="error" />
          ) : !items || items.length === 0 ? (
            <AdminStatus kind="empty">후보가 없습니다. 충전 신청 번호를 직접 입력해주세요.</AdminStatus>
          ) : (
            <ul>
              {items.map((charge) => (
                <li key={charge.id}>
                  <label className="points-candidate">
                    <input
                      type="radio"
                      name="charge"
                      value={charge.id}
                      checked={picked === charge.id && !manual.trim()}
                      onChange={() => {
                        setPicked(charge.id);
                        setManual('');
                        setError(null);
                      }}
                    />
                    <span className="points-candidate-body">
                      <strong>
                        #{charge.id} {charge.memberLoginId} · {charge.depositorName}
                      </strong>
                      <span className="points-muted">
                        입금할 금액 {formatWon(charge.payable)} · 신청 {when(charge.createdAt)}
                      </span>
                    </span>
                    <ChargeStateChip charge={charge} />
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="admin-form-grid">
          <AdminTextField
            label="충전 신청 번호 직접 입력"
            inputMode="numeric"
            value={manual}
            placeholder="예: 1024"
            onChange={(event) => {
              setManual(event.target.value);
              setError(null);
            }}
          />
          <AdminTextField
            label="메모 (선택)"
            value={memo}
            maxLength={200}
            placeholder="예: 어머니 명의로 입금"
            onChange={(event) => setMemo(event.target.value)}
          />
        </div>
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

const nameOf = (deposit: AdminDepositWithMemo) => deposit.depositorName ?? '알 수 없음';

/**
 * A deposit held as 중복 의심 beside the earlier report of the transfer it may repeat: every field an
 * operator checks against the bank's own app, in two columns. Names that differ are pointed out: the
 * sender writes the text, and the bank message and the relay may read it differently
 * (docs/product.md "Charges and deposits").
 */
function DuplicateComparison({
  deposit,
  original,
}: {
  deposit: AdminDepositWithMemo;
  original: AdminDepositWithMemo;
}) {
  // As printed, not by key: `정우성잔액` and `정우성` have one key, and the operator should see that
  // the two reports carry different text.
  const sameName = deposit.depositorName !== null && deposit.depositorName === original.depositorName;
  const rows: [label: string, of: (d: AdminDepositWithMemo) => ReactNode][] = [
    ['입금자', nameOf],
    ['금액', (d) => (d.amount === null ? '알 수 없음' : formatWon(d.amount))],
    ['은행', (d) => d.bank ?? '-'],
    ['받은 계좌 끝자리', (d) => d.accountTail ?? '-'],
    ['입금 시각', (d) => when(d.depositedAt)],
    ['받은 시각', (d) => when(d.createdAt)],
    ['출처', (d) => DEPOSIT_SOURCE_LABELS[d.source]],
    ['상태', (d) => DEPOSIT_STATUS_LABELS[d.status]],
    ['원문 · 사유', (d) => <DepositNote deposit={d} />],
  ];
  return (
    <>
      <p className="points-dialog-description" role="note">
        {sameName
          ? `먼저 받은 입금(#${original.id})과 입금자명·금액·시각이 같아 같은 이체를 다시 알린 것으로 보고 보관한 입금입니다.`
          : `먼저 받은 입금(#${original.id})과 금액·시각이 같고, 입금자명이 달라도 보낸 사람이 적은 글자를 은행 문자와 입금 알림이 다르게 읽었을 수 있어 보관한 입금입니다.`}{' '}
        회원이 실제로 두 번 입금했는지 통장에서 확인한 뒤에만 연결해주세요.
      </p>
      <table className="points-compare">
        <thead>
          <tr>
            <th scope="col" />
            <th scope="col">이번 입금 #{deposit.id}</th>
            <th scope="col">먼저 받은 입금 #{original.id}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, of]) => (
            <tr
              key={label}
              className={label === '입금자' && !sameName ? 'points-compare-differs' : undefined}
            >
              <th scope="row">{label}</th>
              <td>{of(deposit)}</td>
              <td>{of(original)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
