import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { formatWon, POINT_ADJUSTMENT_MAX, validatePointAdjustment, formatCount } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useAdjustPoints } from '../api/adjust-points';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { parseWon } from './parse-won';
import { AdminTextField } from '@/features/admin/components/admin-field';

type Sign = 1 | -1;

/**
 * 잔액 조정: an amount with its sign (지급 + / 차감 −) and a mandatory reason, checked by the same rule
 * the server runs before anything is sent. One Idempotency-Key per filled-in form: a retry after a
 * network error sends the same key (the server applies it once); a success starts a new form and key.
 */
export function PointAdjustmentForm({ loginId }: { loginId: string }) {
  const adjust = useAdjustPoints(loginId);
  const formId = useId();
  const errorId = `${formId}-error`;
  const [sign, setSign] = useState<Sign>(1);
  const [amount, setAmount] = useState('');
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  // Set before the request and cleared when it settles: a double click never sends twice.
  const sending = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    const delta = sign * parseWon(amount);
    const message = validatePointAdjustment({ delta, memo });
    if (message) {
      setError(message);
      return;
    }
    setError(null);
    sending.current = true;
    try {
      const result = await adjust.mutateAsync({ body: { delta, memo: memo.trim() }, idempotencyKey: key });
      toast.success(`잔액을 조정했습니다. 현재 잔액은 ${formatWon(result.balance)}입니다.`);
      setAmount('');
      setMemo('');
      setSign(1);
      setKey(newIdempotencyKey());
    } catch (caught) {
      // The key stays: sending the same form again cannot apply it twice.
      toast.error(errorMessage(caught, '잔액을 조정하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    } finally {
      sending.current = false;
    }
  };

  return (
    <form className="admin-form points-adjust" onSubmit={submit} noValidate aria-label="잔액 조정">
      <fieldset className="points-sign">
        <legend className="field-label">조정 방향</legend>
        {(
          [
            [1, '지급 (+)'],
            [-1, '차감 (−)'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className={`points-sign-option${sign === value ? ' is-current' : ''}`}>
            <input
              type="radio"
              name={`${formId}-sign`}
              checked={sign === value}
              onChange={() => setSign(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="admin-form-grid">
        <AdminTextField
          label="금액 (원)"
          inputMode="numeric"
          value={amount}
          placeholder={`최대 ${formatCount(POINT_ADJUSTMENT_MAX)}`}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setAmount(event.target.value);
            setError(null);
          }}
        />
        <AdminTextField
          label="사유"
          value={memo}
          maxLength={200}
          placeholder="예: 이벤트 보상, 중복 충전 회수"
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setMemo(event.target.value);
            setError(null);
          }}
        />
      </div>
      {error && (
        <p id={errorId} className="points-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-form-actions">
        <Button type="submit" disabled={adjust.isPending}>
          {adjust.isPending ? '조정 중…' : sign === 1 ? '지급하기' : '차감하기'}
        </Button>
      </div>
    </form>
  );
}
