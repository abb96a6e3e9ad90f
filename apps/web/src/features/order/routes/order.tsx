import { useEffect, useState } from 'react';
import { useSession } from '@/lib/session/session-context';
import { useCatalog } from '../api/get-catalog';
import type { PlaceOrderResponse } from '../api/place-order';
import { GreetingCard } from '../components/greeting-card';
import { NoticeBoard } from '../components/notice-board';
import { OrderForm } from '../components/order-form';
import {
  completeSelection,
  EMPTY_ORDER_FORM,
  selectPlatform,
  type OrderFormState,
} from '../components/order-form-state';
import { OrderResultCard } from '../components/order-result-card';
import { PlatformGrid } from '../components/platform-grid';
import { displayServiceText } from '../components/service-text';
import { useWideScreen } from '@/lib/screen-width';
import { ServiceStatusBanner } from '../components/service-status-banner';
import '../components/order.css';

/**
 * Order page (docs/product.md#order-page): banner, notices, result card, platform tiles and the stepped form.
 */
export function OrderRoute() {
  const { state, profile } = useSession();
  const { catalog, isPending, isError } = useCatalog();
  const wide = useWideScreen();
  const [form, setForm] = useState<OrderFormState>(EMPTY_ORDER_FORM);
  const [result, setResult] = useState<PlaceOrderResponse | null>(null);
  // The catalog's three lists load separately: a pick made before the next list arrived is completed.
  useEffect(() => setForm((f) => completeSelection(f, catalog)), [catalog]);

  const pickPlatform = (platformId: number) => {
    setForm((f) => selectPlatform(f, catalog, platformId));
    document.getElementById('order-form')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  const resultService = result && catalog.services.find((s) => s.id === result.serviceId);

  return (
    <div className="page order-page">
      <h1 className="visually-hidden">주문하기</h1>
      <ServiceStatusBanner />
      <div className="order-grid">
        <div className="order-main">
          {result && (
            <OrderResultCard
              result={result}
              serviceText={
                resultService ? displayServiceText(resultService.text, wide) : `#${result.serviceId}`
              }
              onClose={() => setResult(null)}
            />
          )}
          <GreetingCard state={state} profile={profile} />
          <PlatformGrid selectedId={form.platformId} onSelect={pickPlatform} />
          <OrderForm
            catalog={catalog}
            catalogPending={isPending}
            catalogError={isError}
            form={form}
            onFormChange={setForm}
            onOrdered={setResult}
          />
        </div>
        <aside className="order-aside">
          <NoticeBoard />
        </aside>
      </div>
    </div>
  );
}
