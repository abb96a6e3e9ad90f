import { useId, useRef, useState, type FormEvent } from 'react';
import {
  CSV_MIME,
  csvFileName,
  formatWon,
  MASS_ORDER_MAX_LINES,
  MASS_ORDER_MESSAGES,
  ORDER_MESSAGES,
  SessionState,
  toCsv,
  type CsvColumn,
} from '@smm/domain';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { Card, PageHeader } from '@/components/ui/page';
import { errorMessage, isApiError } from '@/lib/api-client';
import { saveTextFile } from '@/lib/download';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useSession } from '@/lib/session/session-context';
import { toast } from '@/lib/toast';
import {
  usePlaceMassOrder,
  usePreviewMassOrder,
  type MassOrderLine,
  type MassOrderResponse,
} from '../api/mass-order';
import { MassOrderLines } from '../components/mass-order-lines';
import '../components/mass-order.css';

const EXAMPLE = `101 | https://www.instagram.com/p/abc123/ | 100\n102 | https://www.youtube.com/watch?v=xyz | 1000 | 5 | 60`;

/** A checked paste: what the member confirms is exactly the text that was checked, under one key. */
interface Checked {
  text: string;
  result: MassOrderResponse;
  idempotencyKey: string;
}

const csvColumns: CsvColumn<MassOrderLine>[] = [
  { header: '줄', value: (l) => l.line },
  { header: '입력', value: (l) => l.text },
  { header: '서비스번호', value: (l) => l.serviceId },
  { header: '링크', value: (l) => l.link },
  { header: '수량', value: (l) => l.amount },
  { header: '금액', value: (l) => l.cost },
  { header: '주문번호', value: (l) => l.orderId },
  { header: '자동주문', value: (l) => (l.orderId === null ? null : l.autoOrder) },
  { header: '오류', value: (l) => l.error },
];

/**
 * 대량 주문 (docs/product.md#mass-order): paste lines, 확인하기 (every line checked and priced by the
 * server, errors per line, the total), 주문하기 with a confirm, then each line's order number or error
 * and a CSV of them. Guests see the screen and are asked to log in.
 */
export function MassOrderRoute() {
  const { state, profile, refreshProfile } = useSession();
  const preview = usePreviewMassOrder();
  const place = usePlaceMassOrder();
  const [text, setText] = useState('');
  const [checked, setChecked] = useState<Checked | null>(null);
  const [placed, setPlaced] = useState<MassOrderResponse | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [loginPrompt, setLoginPrompt] = useState(0);
  const promptId = useId();
  const placing = useRef(false);

  const valid = checked ? checked.result.lines.filter((l) => l.error === null).length : 0;
  const refused = checked ? checked.result.lines.length - valid : 0;
  const total = checked?.result.totalCost ?? 0;
  const short = checked !== null && profile !== null && profile.point < total;

  const onCheck = async (event: FormEvent) => {
    event.preventDefault();
    // Guests and signed-out visitors are asked to log in; nothing is sent (docs/product.md#sessions).
    if (state !== SessionState.AUTHORIZATION) {
      setLoginPrompt((n) => n + 1);
      return;
    }
    if (text.trim() === '') {
      toast.error(MASS_ORDER_MESSAGES.EMPTY);
      return;
    }
    try {
      const result = await preview.mutateAsync(text);
      setPlaced(null);
      setChecked({ text, result, idempotencyKey: newIdempotencyKey() });
    } catch (error) {
      toast.error(errorMessage(error, ORDER_MESSAGES.FAILED));
    }
  };

  const onPlace = async () => {
    if (!checked || placing.current) return;
    placing.current = true;
    try {
      const result = await place.mutateAsync({ text: checked.text, idempotencyKey: checked.idempotencyKey });
      setPlaced(result);
      setChecked(null);
      setConfirming(false);
      const count = result.lines.filter((l) => l.orderId !== null).length;
      toast.success(`${count}건을 주문했습니다.`);
      void refreshProfile();
    } catch (error) {
      setConfirming(false);
      toast.error(errorMessage(error, ORDER_MESSAGES.FAILED));
      if (isApiError(error) && error.code === 'INSUFFICIENT_POINTS') void refreshProfile();
    } finally {
      placing.current = false;
    }
  };

  const onTextChange = (value: string) => {
    setText(value);
    // A changed paste is checked again before anything can be placed.
    setChecked(null);
  };

  return (
    <div className="page mass-order-page">
      <PageHeader
        title="대량 주문"
        description={`여러 주문을 한 번에 넣습니다. 한 줄에 하나씩 "서비스번호 | 링크 | 수량", 자동주문은 "서비스번호 | 링크 | 수량 | 횟수 | 간격(분)" (최대 ${MASS_ORDER_MAX_LINES}줄).`}
      />
      <Card>
        <form onSubmit={onCheck}>
          <label htmlFor="mass-order-text" className="field-label">
            주문 목록
          </label>
          <textarea
            id="mass-order-text"
            className="mass-order-text"
            rows={10}
            value={text}
            placeholder={EXAMPLE}
            spellCheck={false}
            onChange={(e) => onTextChange(e.target.value)}
          />
          <Button
            type="submit"
            size="lg"
            block
            disabled={preview.isPending}
            aria-describedby={loginPrompt > 0 ? promptId : undefined}
          >
            {preview.isPending ? '확인하는 중…' : '확인하기'}
          </Button>
          {loginPrompt > 0 && (
            <LoginPrompt
              key={loginPrompt}
              id={promptId}
              message={
                state === SessionState.GUEST
                  ? '둘러보기 모드에서는 주문할 수 없어요. 로그인 후 주문해 주세요.'
                  : '주문하려면 로그인해 주세요.'
              }
            />
          )}
        </form>
      </Card>
      {checked && (
        <Card className="mass-order-summary">
          <h2>확인 결과</h2>
          <p>
            주문 가능 {valid}줄 · 오류 {refused}줄 · 총 금액 <strong>{formatWon(total)}</strong>
          </p>
          {refused > 0 && <p>오류가 있는 줄은 주문하지 않습니다. 고쳐서 다시 확인할 수 있어요.</p>}
          {short && (
            <p role="alert">
              {ORDER_MESSAGES.INSUFFICIENT_POINTS} 보유 포인트 {formatWon(profile.point)}
            </p>
          )}
          <MassOrderLines lines={checked.result.lines} placed={false} />
          <Button size="lg" block disabled={valid === 0 || short} onClick={() => setConfirming(true)}>
            {`${valid}건 주문하기`}
          </Button>
        </Card>
      )}
      {placed && (
        <Card className="mass-order-summary">
          <h2>주문 결과</h2>
          <p>
            주문 {placed.lines.filter((l) => l.orderId !== null).length}건 · 차감 포인트{' '}
            <strong>{formatWon(placed.totalCost)}</strong>
          </p>
          <Button
            variant="outline"
            onClick={() =>
              saveTextFile(csvFileName('대량주문', new Date()), toCsv(csvColumns, placed.lines), CSV_MIME)
            }
          >
            CSV 내려받기
          </Button>
          <MassOrderLines lines={placed.lines} placed />
        </Card>
      )}
      {confirming && checked && (
        <ConfirmDialog
          title="대량 주문"
          confirmLabel="주문하기"
          pendingLabel="주문하는 중…"
          pending={place.isPending}
          onConfirm={() => void onPlace()}
          onClose={() => setConfirming(false)}
        >
          {`${valid}건을 ${formatWon(total)}에 주문합니다.`}
          {refused > 0 ? ` 오류가 있는 ${refused}줄은 주문하지 않습니다.` : ''}
        </ConfirmDialog>
      )}
    </div>
  );
}
