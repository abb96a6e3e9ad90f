import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChargeStatus, SessionState } from '@smm/domain';
import { Card, PageHeader } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { usePendingCharges } from '../api/get-charge-transfer';
import { hasPendingCharge, PENDING_POLL_MS, useChargeHistory } from '../api/get-charge-history';
import type { ChargeRequestResponse } from '../api/request-charge';
import { ChargeForm } from '../components/charge-form';
import { ChargeHistory } from '../components/charge-history';
import { ChargeTransferDialog } from '../components/charge-transfer-dialog';
import { PendingCharges } from '../components/pending-charges';
import { TransferPanel } from '../components/transfer-panel';
import '../components/point.css';

/**
 * Point charge (docs/product.md#point-charge-page): the form until a request succeeds, then the transfer
 * panel; the member's charges below. Above them, while charges wait for their transfer, their instructions
 * (found again after a reload); a history row's 입금 안내 and a refusal's 신청한 충전 보기 open one
 * charge's. While a charge is pending the history and the balance are looked at again every few seconds,
 * so the top bar shows the credit without a reload.
 */
export function PointRoute() {
  const { state, refreshProfile } = useSession();
  const member = state === SessionState.AUTHORIZATION;
  const [params] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const hrefFor = useCallback((n: number) => `${paths.point}?page=${n}`, []);
  const [requested, setRequested] = useState<ChargeRequestResponse | null>(null);
  // The name the last request was made under: a new request starts from it (the member's own name).
  const [lastName, setLastName] = useState('');
  const history = useChargeHistory(page, member);
  const pendingCharges = usePendingCharges(member);
  // The charge whose instructions are open in the dialog (입금 안내, 신청한 충전 보기).
  const [shownChargeId, setShownChargeId] = useState<number | null>(null);
  const pending = hasPendingCharge(history.data) || (pendingCharges.data?.length ?? 0) > 0;
  // A charge withdrawn (here, or in another tab and seen by the poll) is no longer asked to be paid:
  // the transfer panel gives way to the form.
  const onWithdrawn = useCallback(
    (chargeId: number) => setRequested((current) => (current?.id === chargeId ? null : current)),
    [],
  );
  const withdrawnId = requested
    ? history.data?.items.find((c) => c.id === requested.id && c.status === ChargeStatus.WITHDRAWN)?.id
    : undefined;
  useEffect(() => {
    if (withdrawnId !== undefined) onWithdrawn(withdrawnId);
  }, [withdrawnId, onWithdrawn]);
  // Once a deposit credits the charge (seen by the poll), the panel says so instead of asking for it.
  const credited = requested
    ? history.data?.items.some((c) => c.id === requested.id && c.status === ChargeStatus.SUCCESS) === true
    : false;

  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => void refreshProfile(), PENDING_POLL_MS);
    return () => clearInterval(timer);
  }, [pending, refreshProfile]);
  // The poll that sees the last pending charge settle also fetches the new balance once.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) void refreshProfile();
    wasPending.current = pending;
  }, [pending, refreshProfile]);

  // The charge the transfer panel beside shows is not repeated above it.
  const waiting = (pendingCharges.data ?? []).filter((c) => c.id !== requested?.id);

  return (
    <div className="page point-page">
      <PageHeader
        title="포인트 충전"
        description="무통장 입금으로 포인트를 충전합니다. 입금이 확인되면 자동으로 충전돼요."
      />
      {member && waiting.length > 0 && (
        <Card className="point-card point-pending-card">
          <PendingCharges
            charges={waiting}
            receivedAt={pendingCharges.dataUpdatedAt}
            onShow={setShownChargeId}
          />
        </Card>
      )}
      <div className="point-grid">
        <Card className="point-card">
          <h2 className="point-section-title">
            {requested ? (credited ? '충전 완료' : '입금 안내') : '충전 신청'}
          </h2>
          {requested ? (
            <TransferPanel
              charge={requested}
              credited={credited}
              onAgain={() => {
                setLastName(requested.depositorName);
                setRequested(null);
              }}
              onWithdrawn={onWithdrawn}
            />
          ) : (
            <ChargeForm onRequested={setRequested} onShowPending={setShownChargeId} initialName={lastName} />
          )}
        </Card>
        <Card className="point-card charge-history">
          <h2 className="point-section-title">충전내역</h2>
          {member ? (
            <ChargeHistory
              query={history}
              page={page}
              hrefFor={hrefFor}
              onWithdrawn={onWithdrawn}
              onShowTransfer={setShownChargeId}
            />
          ) : (
            <div className="charge-state">
              <p>로그인하면 충전내역을 볼 수 있어요</p>
            </div>
          )}
        </Card>
      </div>
      {shownChargeId !== null && (
        <ChargeTransferDialog chargeId={shownChargeId} onClose={() => setShownChargeId(null)} />
      )}
    </div>
  );
}
