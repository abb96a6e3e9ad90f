import type { Service } from '@smm/domain/contract';

/** The words for a service's refill window and cancellability (docs/product.md#refill-and-cancellation). */
export function serviceTermTexts(service: Pick<Service, 'refillDays' | 'cancellable'>) {
  return {
    refill: service.refillDays > 0 ? `리필 ${service.refillDays}일 보장` : '리필 불가',
    cancel: service.cancellable ? '주문 취소 가능' : '주문 취소 불가',
  };
}

/** Two chips beside the selected service's notice: what a member may ask for after ordering. */
export function ServiceTerms({ service }: { service: Pick<Service, 'refillDays' | 'cancellable'> }) {
  const texts = serviceTermTexts(service);
  return (
    <ul className="service-terms" aria-label="리필 · 취소 안내">
      <li className={service.refillDays > 0 ? 'service-term is-yes' : 'service-term'}>{texts.refill}</li>
      <li className={service.cancellable ? 'service-term is-yes' : 'service-term'}>{texts.cancel}</li>
    </ul>
  );
}
