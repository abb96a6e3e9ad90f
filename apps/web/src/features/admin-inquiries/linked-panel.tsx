import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  CHARGE_STATUS_LABELS,
  DEPOSIT_STATUS_LABELS,
  formatCount,
  formatSeoulDateTime,
  formatWon,
  ORDER_STATUS_LABELS,
  REFILL_STATUS_LABELS,
  type RefillStatus,
  type ChargeStatus,
  type OrderStatus,
} from '@smm/domain';
import type { AdminInquiryThread, AdminOrderItem } from '@smm/domain/contract';
import { paths } from '@/lib/paths';

/**
 * The orders screen's actions on the linked order (composed in app/admin-app.tsx); `onChanged` after
 * each, which reads the thread (the order and its ledger rows) again.
 */
export type OrderActionsSlot = (order: AdminOrderItem, onChanged: () => Promise<unknown>) => ReactNode;
/** The charges screen's 수락 / 거절 of the linked charge, the same way. */
export type ChargeActionsSlot = (charge: AdminInquiryCharge, onChanged: () => Promise<unknown>) => ReactNode;
type AdminInquiryCharge = NonNullable<AdminInquiryThread['charge']>;

function OrderPanel({
  order,
  actions,
  onChanged,
}: {
  order: AdminOrderItem;
  actions?: OrderActionsSlot;
  onChanged: () => Promise<unknown>;
}) {
  return (
    <>
      <dl className="inquiries-facts">
        <dt>상태</dt>
        <dd>
          <span className="admin-chip">
            {ORDER_STATUS_LABELS[order.status as OrderStatus] ?? String(order.status)}
          </span>
        </dd>
        <dt>상품</dt>
        <dd>{order.serviceText}</dd>
        <dt>링크</dt>
        <dd className="inquiries-break">{order.link}</dd>
        <dt>수량</dt>
        <dd>
          {formatCount(order.amount)}개 (시작 {formatCount(order.startCount)} · 남음{' '}
          {formatCount(order.remains)})
        </dd>
        <dt>결제 금액</dt>
        <dd>{formatWon(order.cost)}</dd>
        {order.refunded > 0 && (
          <>
            <dt>환불</dt>
            <dd>{formatWon(order.refunded)}</dd>
          </>
        )}
        <dt>공급사</dt>
        <dd>
          {order.providerName ?? '-'}
          {order.providerOrderId ? ` · 주문번호 ${order.providerOrderId}` : ' · 미접수'}
        </dd>
        {order.lastError && (
          <>
            <dt>마지막 오류</dt>
            <dd className="inquiries-break">{order.lastError}</dd>
          </>
        )}
        {order.cancelReason && (
          <>
            <dt>취소 사유</dt>
            <dd>{order.cancelReason}</dd>
          </>
        )}
        {order.latestRefill && (
          <>
            <dt>리필</dt>
            <dd>
              #{order.latestRefill.id}{' '}
              {REFILL_STATUS_LABELS[order.latestRefill.status as RefillStatus] ?? order.latestRefill.status}
            </dd>
          </>
        )}
        <dt>주문일시</dt>
        <dd>{formatSeoulDateTime(order.createdAt)}</dd>
      </dl>
      {order.providerAnswer && (
        <div>
          <p className="inquiries-muted">공급사 응답 원문 (앞부분):</p>
          <pre className="inquiries-pre">{order.providerAnswer}</pre>
        </div>
      )}
      {actions && <div className="inquiries-linked-actions">{actions(order, onChanged)}</div>}
    </>
  );
}

function ChargePanel({
  charge,
  actions,
  onChanged,
}: {
  charge: AdminInquiryCharge;
  actions?: ChargeActionsSlot;
  onChanged: () => Promise<unknown>;
}) {
  return (
    <>
      <dl className="inquiries-facts">
        <dt>상태</dt>
        <dd>{CHARGE_STATUS_LABELS[charge.status as ChargeStatus] ?? String(charge.status)}</dd>
        <dt>충전 포인트</dt>
        <dd>{formatWon(charge.point)}</dd>
        <dt>입금할 금액</dt>
        <dd>{formatWon(charge.payable)}</dd>
        <dt>입금자명</dt>
        <dd>{charge.depositorName}</dd>
        <dt>신청일시</dt>
        <dd>{formatSeoulDateTime(charge.createdAt)}</dd>
      </dl>
      <h3 className="inquiries-subtitle">연결된 입금</h3>
      {charge.deposits.length === 0 ? (
        <p className="inquiries-muted">연결된 입금이 없습니다.</p>
      ) : (
        <ul className="inquiries-rows">
          {charge.deposits.map((deposit) => (
            <li key={deposit.id}>
              입금 #{deposit.id} · {deposit.amount === null ? '-' : formatWon(deposit.amount)} ·{' '}
              {deposit.depositorName ?? '-'} ·{' '}
              {DEPOSIT_STATUS_LABELS[deposit.status as keyof typeof DEPOSIT_STATUS_LABELS] ?? deposit.status}
              {deposit.depositedAt ? ` · ${formatSeoulDateTime(deposit.depositedAt)}` : ''}
            </li>
          ))}
        </ul>
      )}
      {actions?.(charge, onChanged)}
      {/* 입금 연결 above offers the newest held deposits; 입금 내역 has all of them. */}
      <div className="inquiries-linked-actions">
        <Link className="inquiries-link" to={`${paths.admin.deposits}?status=UNMATCHED`}>
          입금 내역 보기
        </Link>
        <Link className="inquiries-link" to={`${paths.admin.charges}?status=all`}>
          충전 신청 보기
        </Link>
      </div>
    </>
  );
}

/** Beside the thread: the order or charge it is about, its ledger rows and its actions. */
export function LinkedPanel({
  thread,
  orderActions,
  chargeActions,
  onChanged,
}: {
  thread: AdminInquiryThread;
  orderActions?: OrderActionsSlot;
  chargeActions?: ChargeActionsSlot;
  onChanged: () => Promise<unknown>;
}) {
  const { order, charge, ledger } = thread;
  if (!order && !charge) return <p className="inquiries-muted">연결된 주문이나 충전이 없는 문의입니다.</p>;
  return (
    <div className="inquiries-linked">
      <h2 className="admin-section-title">{order ? `주문 #${order.id}` : `충전 #${charge!.id}`}</h2>
      {order ? (
        <OrderPanel order={order} actions={orderActions} onChanged={onChanged} />
      ) : (
        <ChargePanel charge={charge!} actions={chargeActions} onChanged={onChanged} />
      )}
      <h3 className="inquiries-subtitle">포인트 내역</h3>
      {ledger.length === 0 ? (
        <p className="inquiries-muted">포인트 내역이 없습니다.</p>
      ) : (
        <ul className="inquiries-rows" aria-label="포인트 내역">
          {ledger.map((row) => (
            <li key={row.id}>
              {formatSeoulDateTime(row.createdAt)} · {row.reasonLabel}{' '}
              <strong className={row.delta < 0 ? 'inquiries-minus' : 'inquiries-plus'}>
                {row.delta > 0 ? '+' : ''}
                {formatWon(row.delta)}
              </strong>{' '}
              · 잔액 {formatWon(row.balanceAfter)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
