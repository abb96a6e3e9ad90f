import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { RotateCcw } from 'lucide-react';
import {
  availableReceiptKinds,
  CHARGE_MESSAGES,
  chargeButtonLabel,
  formatWon,
  type InvoiceDetails,
  RECEIPT_KIND_LABELS,
  ReceiptKind,
  payableAmountWon,
  SessionState,
  validateChargeRequest,
} from '@smm/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { useSiteSettings } from '@/lib/site-settings';
import type { ChargeConflictBody } from '@smm/domain/contract';
import { useRequestCharge, type ChargeRequestResponse } from '../api/request-charge';
import { ChargeBonusLine } from './charge-bonus-line';

const EMPTY_INVOICE: InvoiceDetails = {
  company: '',
  businessNumber: '',
  leader: '',
  phone: '',
  jobType: '',
  jobType2: '',
  address: '',
  email: '',
};

const INVOICE_FIELDS: { key: keyof InvoiceDetails; label: string; placeholder: string; type?: string }[] = [
  { key: 'company', label: '상호(법인명)', placeholder: '(주)소셜컴퍼니' },
  { key: 'businessNumber', label: '사업자등록번호', placeholder: '000-00-00000' },
  { key: 'leader', label: '대표자명', placeholder: '홍길동' },
  { key: 'phone', label: '담당자 연락처', placeholder: '02-123-4567', type: 'tel' },
  { key: 'jobType', label: '업태', placeholder: '서비스업' },
  { key: 'jobType2', label: '종목', placeholder: '광고대행' },
  { key: 'address', label: '사업장 주소', placeholder: '서울특별시 …' },
  { key: 'email', label: '계산서 받을 이메일', placeholder: 'tax@example.com', type: 'email' },
];

/**
 * The member's own pending charge a refused request names (409, chargeConflictBody): the same name and
 * amount already wait for a transfer, so the form offers that charge's instructions, not a new amount.
 */
function ownPendingChargeOf(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 409) return null;
  const id = (error.body as Partial<ChargeConflictBody> | undefined)?.pendingChargeId;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

/** The amount field holds digits only; '' reads as 0. */
const amountOf = (text: string) => (text === '' ? 0 : Number(text));

/**
 * The charge form (docs/product.md#point-charge-page): depositor name, amount with quick-add buttons and a
 * reset, the receipt choice with its details, the payable amount live. One request at a time; a guest is
 * asked to log in instead of sending anything.
 */
export function ChargeForm({
  onRequested,
  onShowPending,
  initialName = '',
}: {
  onRequested: (charge: ChargeRequestResponse) => void;
  /** 신청한 충전 보기: the instructions of the member's own pending charge a refusal named. */
  onShowPending: (chargeId: number) => void;
  /** The depositor name of the request just made, when the member starts another (다른 금액으로). */
  initialName?: string;
}) {
  const { state } = useSession();
  const { settings } = useSiteSettings();
  const kinds = availableReceiptKinds(
    settings.get('ENABLE_PAYMENT_TYPE'),
    settings.flag('ENABLE_PAYMENT_FEE'),
  );
  const buttons = settings.chargeButtonOptions();
  const [name, setName] = useState(initialName);
  const [amount, setAmount] = useState('');
  const [chosenKind, setKind] = useState<ReceiptKind | null>(null);
  const [invoice, setInvoice] = useState<InvoiceDetails>(EMPTY_INVOICE);
  const [cashPhone, setCashPhone] = useState('');
  // How many times a guest pressed submit: each press shows the prompt anew (and brings it into view).
  const [loginPrompt, setLoginPrompt] = useState(0);
  const submitLock = useRef(false);
  // A refusal naming the member's own pending charge, shown in the form with its 신청한 충전 보기.
  const [ownClash, setOwnClash] = useState<{ chargeId: number; message: string } | null>(null);
  const request = useRequestCharge();
  const promptId = useId();
  const receiptName = useId();

  // The first offered kind until the member picks (NONE when it is offered: it comes first).
  const kind =
    chosenKind !== null && kinds.includes(chosenKind) ? chosenKind : (kinds[0] ?? ReceiptKind.NONE);
  const point = amountOf(amount);
  const payable = Number.isSafeInteger(point) && point > 0 ? payableAmountWon(point, kind) : 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitLock.current) return;
    if (state !== SessionState.AUTHORIZATION) {
      setLoginPrompt((n) => n + 1);
      return;
    }
    const feeValue =
      kind === ReceiptKind.TAX_INVOICE
        ? invoice
        : kind === ReceiptKind.CASH_RECEIPT
          ? { phone: cashPhone }
          : null;
    // The server knows the largest allowed charge and answers with its own message.
    const invalid = validateChargeRequest(
      { name, point, feeType: kind, feeValue },
      { receiptKinds: kinds, maxWon: Number.MAX_SAFE_INTEGER },
    );
    if (invalid) {
      toast.error(invalid);
      return;
    }
    submitLock.current = true;
    setOwnClash(null);
    try {
      const charge = await request.mutateAsync({ name: name.trim(), point, feeType: kind, feeValue });
      toast.success(CHARGE_MESSAGES.SUCCESS);
      onRequested(charge);
    } catch (error) {
      const chargeId = ownPendingChargeOf(error);
      if (chargeId === null) toast.error(errorMessage(error, CHARGE_MESSAGES.FAILED));
      else setOwnClash({ chargeId, message: errorMessage(error, CHARGE_MESSAGES.FAILED) });
    } finally {
      submitLock.current = false;
    }
  };

  return (
    <form className="charge-form" onSubmit={onSubmit} noValidate aria-busy={request.isPending}>
      <TextField
        label="입금자명"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={20}
        autoComplete="name"
        placeholder="통장에 찍힐 이름 그대로"
        hint="입금자명과 금액이 신청 내용과 정확히 같아야 자동으로 충전됩니다."
      />
      <div className="field">
        <label className="field-label" htmlFor="charge-amount">
          충전금액
        </label>
        <div className="charge-amount">
          <input
            id="charge-amount"
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="0"
            value={point > 0 ? point.toLocaleString('ko-KR') : ''}
            onChange={(e) => setAmount(e.target.value.replace(/\D/g, '').slice(0, 10))}
            aria-describedby="charge-amount-unit"
          />
          <span id="charge-amount-unit" className="charge-amount-unit">
            원
          </span>
          <button
            type="button"
            className="charge-reset"
            onClick={() => setAmount('')}
            aria-label="충전금액 초기화"
            title="충전금액 초기화"
          >
            <RotateCcw size={18} aria-hidden />
          </button>
        </div>
        {buttons.length > 0 && (
          <div className="charge-quick" role="group" aria-label="빠른 금액 추가">
            {buttons.map((won) => (
              <button
                key={won}
                type="button"
                className="charge-quick-button"
                onClick={() => setAmount(String(amountOf(amount) + won))}
              >
                {chargeButtonLabel(won)}
              </button>
            ))}
          </div>
        )}
      </div>

      {kinds.length > 1 || kinds[0] !== ReceiptKind.NONE ? (
        <fieldset className="charge-receipt">
          <legend className="field-label">증빙 신청</legend>
          <div className="charge-receipt-options">
            {kinds.map((k) => (
              <label key={k} className="charge-receipt-option">
                <input type="radio" name={receiptName} checked={kind === k} onChange={() => setKind(k)} />
                <span>{RECEIPT_KIND_LABELS[k]}</span>
              </label>
            ))}
          </div>
          {kind === ReceiptKind.CASH_RECEIPT && (
            <TextField
              label="현금영수증 휴대전화 번호"
              type="tel"
              inputMode="tel"
              value={cashPhone}
              onChange={(e) => setCashPhone(e.target.value)}
              placeholder="010-0000-0000"
              maxLength={13}
            />
          )}
          {kind === ReceiptKind.TAX_INVOICE && (
            <div className="charge-invoice">
              <p className="field-hint">세금계산서는 부가세 10%가 더해진 금액으로 입금해 주세요.</p>
              {INVOICE_FIELDS.map((f) => (
                <TextField
                  key={f.key}
                  label={f.label}
                  type={f.type ?? 'text'}
                  value={invoice[f.key]}
                  placeholder={f.placeholder}
                  maxLength={100}
                  onChange={(e) => setInvoice((v) => ({ ...v, [f.key]: e.target.value }))}
                />
              ))}
            </div>
          )}
        </fieldset>
      ) : null}

      {/* data-keep-clear: the floating chat button steps aside rather than cover the payable amount. */}
      <div className="charge-total" aria-live="polite" data-keep-clear>
        <span>입금하실 금액</span>
        <strong>{formatWon(payable)}</strong>
        {kind === ReceiptKind.TAX_INVOICE && payable > 0 && <small>충전 {formatWon(point)} + 부가세</small>}
      </div>
      <ChargeBonusLine point={payable > 0 ? point : 0} />

      <ul className="charge-notes">
        <li>입금자명과 입금액이 신청 내용과 정확히 일치해야 합니다.</li>
        <li>입금 확인 후 평균 1~10분 안에 포인트가 충전됩니다.</li>
        <li>3시간 안에 입금이 확인되지 않은 신청은 자동으로 취소됩니다.</li>
      </ul>

      <Button
        type="submit"
        size="lg"
        block
        disabled={request.isPending}
        aria-describedby={loginPrompt > 0 ? promptId : undefined}
      >
        {request.isPending ? '신청하는 중…' : '충전 신청하기'}
      </Button>
      {ownClash && (
        <div className="charge-own-clash" role="alert">
          <p>{ownClash.message}</p>
          <Button variant="outline" onClick={() => onShowPending(ownClash.chargeId)}>
            신청한 충전 보기
          </Button>
        </div>
      )}
      {loginPrompt > 0 && (
        <LoginPrompt
          key={loginPrompt}
          id={promptId}
          message={
            state === SessionState.GUEST
              ? '둘러보기 모드에서는 충전할 수 없어요. 로그인 후 신청해 주세요.'
              : '충전하려면 로그인해 주세요.'
          }
        />
      )}
    </form>
  );
}
