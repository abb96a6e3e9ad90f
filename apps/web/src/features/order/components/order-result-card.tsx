import { CircleCheck, X } from 'lucide-react';
import { Link } from 'react-router';
import { formatCount, formatWon } from '@smm/domain';
import { paths } from '@/lib/paths';
import type { PlaceOrderResponse } from '../api/place-order';
import './order.css';

/** The last order's result (docs/product.md#data-shapes: orderId, serviceId, link, amount). */
export function OrderResultCard({
  result,
  serviceText,
  onClose,
}: {
  result: PlaceOrderResponse;
  serviceText: string;
  onClose: () => void;
}) {
  return (
    <section className="order-result" aria-labelledby="order-result-title">
      <div className="order-result-head">
        <CircleCheck size={22} aria-hidden />
        <h2 id="order-result-title">
          {result.autoOrder ? '자동주문이 접수되었습니다' : '주문이 접수되었습니다'}
        </h2>
        <button type="button" className="order-result-close" aria-label="주문 결과 닫기" onClick={onClose}>
          <X size={18} aria-hidden />
        </button>
      </div>
      <dl className="order-result-list">
        <div>
          <dt>주문번호</dt>
          <dd>{result.orderId}</dd>
        </div>
        <div>
          <dt>상품</dt>
          <dd>{serviceText}</dd>
        </div>
        <div>
          <dt>링크</dt>
          <dd className="order-result-link">{result.link}</dd>
        </div>
        <div>
          <dt>{result.autoOrder ? '1회 수량' : '수량'}</dt>
          <dd>{formatCount(result.amount)}</dd>
        </div>
        <div>
          <dt>사용 포인트</dt>
          <dd>{formatWon(result.cost)}</dd>
        </div>
      </dl>
      <Link className="order-result-more" to={result.autoOrder ? paths.autoOrderHistory : paths.orderHistory}>
        {result.autoOrder ? '자동주문내역 보기' : '주문내역 보기'}
      </Link>
    </section>
  );
}
