import { useId, useRef, useState, type FormEvent } from 'react';
import { ShoppingCart } from 'lucide-react';
import { toast } from '@/lib/toast';
import {
  formatCount,
  formatUnitPrice,
  formatWon,
  ORDER_MESSAGES,
  orderAmount,
  orderCostWon,
  SessionState,
  validateOrder,
  type OrderInput,
} from '@smm/domain';
import type { PlaceOrderRequest, Service } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/session-context';
import { useSiteSettings } from '@/lib/site-settings';
import { usePlaceOrder, type PlaceOrderResponse } from '../api/place-order';
import {
  categoriesOf,
  numberOf,
  selectCategory,
  selectPlatform,
  selectService,
  servicesOf,
  toggleAutoOrder,
  type Catalog,
  type OrderFormState,
} from './order-form-state';
import { displayServiceText } from './service-text';
import { useWideScreen } from '@/lib/screen-width';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { ServiceTerms } from './service-terms';
import { CatalogSelect, CommentsField, LabelledInput, Step } from './order-form-fields';
import './order.css';

/**
 * The numbers the rules see; without auto-order runs and interval are 0 (docs/product.md#data-shapes).
 * A Custom Comments order sends its comments and a Package nothing more: their quantity follows from
 * the type (docs/product.md#service-types), so no amount is sent that could disagree with it.
 */
function orderInput(form: OrderFormState, service: Service | null): OrderInput {
  const link = form.link.trim();
  if (service?.type === 'custom_comments') {
    return { link, comments: form.comments, runs: 0, interval: 0, autoOrder: false };
  }
  if (service?.type === 'package') return { link, runs: 0, interval: 0, autoOrder: false };
  const amount = numberOf(form.amount);
  if (!form.autoOrder) return { link, amount, runs: 0, interval: 0, autoOrder: false };
  return { link, amount, runs: numberOf(form.runs), interval: numberOf(form.interval), autoOrder: true };
}

/** The live total in won, or null while the quantity (or runs) is not a whole number yet. */
function liveTotal(service: Service | null, form: OrderFormState): number | null {
  if (!service) return null;
  const amount = orderAmount(service, orderInput(form, service));
  const runs = form.autoOrder && service.type === 'default' ? numberOf(form.runs) : 0;
  if (!Number.isSafeInteger(amount) || amount < 0 || !Number.isSafeInteger(runs) || runs < 0) return null;
  try {
    return orderCostWon(service.unitPriceMilli, amount, runs);
  } catch {
    return null;
  }
}

interface OrderFormProps {
  catalog: Catalog;
  catalogPending: boolean;
  catalogError: boolean;
  form: OrderFormState;
  onFormChange: (update: (form: OrderFormState) => OrderFormState) => void;
  onOrdered: (result: PlaceOrderResponse) => void;
}

export function OrderForm({
  catalog,
  catalogPending,
  catalogError,
  form,
  onFormChange,
  onOrdered,
}: OrderFormProps) {
  const { state, profile, refreshProfile } = useSession();
  const { settings } = useSiteSettings();
  const wide = useWideScreen();
  const placeOrder = usePlaceOrder();
  const submitLock = useRef(false);
  const [submitting, setSubmitting] = useState(false);
  // How many times a guest pressed submit: each press shows the prompt anew (and brings it into view).
  const [loginPrompt, setLoginPrompt] = useState(0);
  const promptId = useId();

  const categories = categoriesOf(catalog, form.platformId);
  const services = servicesOf(catalog, form.categoryId);
  const service = catalog.services.find((s) => s.id === form.serviceId) ?? null;
  const serviceCheck = settings.flag('ENABLE_SERVICE_CHECK');
  const disabled = serviceCheck || (service?.isReadOnly ?? false);
  // A form that cannot be sent shows no total: a price for an order nobody can place is not a quote.
  const total = disabled ? null : liveTotal(service, form);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitLock.current || disabled) return;
    // Guests and signed-out visitors are asked to log in; nothing is sent (docs/product.md#sessions).
    if (state !== SessionState.AUTHORIZATION) {
      setLoginPrompt((n) => n + 1);
      return;
    }
    const input = orderInput(form, service);
    const invalid = validateOrder(input, { service, serviceCheck });
    if (invalid || !service) {
      toast.error(invalid ?? ORDER_MESSAGES.SERVICE_REQUIRED);
      return;
    }
    const cost = orderCostWon(service.unitPriceMilli, orderAmount(service, input), input.runs);
    // The server's debit is the real check; this one saves a round trip with a known balance.
    if (profile && profile.point < cost) {
      toast.error(ORDER_MESSAGES.INSUFFICIENT_POINTS);
      return;
    }
    const order: PlaceOrderRequest = {
      serviceId: service.id,
      link: input.link,
      ...(input.amount === undefined ? {} : { amount: input.amount }),
      ...(input.comments === undefined ? {} : { comments: input.comments }),
      runs: input.runs,
      interval: input.interval,
    };
    submitLock.current = true;
    setSubmitting(true);
    try {
      const result = await placeOrder.mutateAsync({ order, idempotencyKey: newIdempotencyKey() });
      toast.success(ORDER_MESSAGES.SUCCESS);
      onFormChange((f) => ({ ...f, link: '', comments: '', amount: String(service.min) }));
      onOrdered(result);
      window.scrollTo({ top: 0, behavior: 'smooth' });
      void refreshProfile();
    } catch (error) {
      toast.error(errorMessage(error, ORDER_MESSAGES.FAILED));
      if (isApiError(error) && error.code === 'INSUFFICIENT_POINTS') void refreshProfile();
    } finally {
      submitLock.current = false;
      setSubmitting(false);
    }
  };

  const unavailable = ORDER_MESSAGES.UNAVAILABLE;
  const textValue = (value: string) => (disabled ? unavailable : value);

  return (
    <section className="order-section order-form-section" id="order-form" aria-labelledby="order-form-title">
      <h2 id="order-form-title" className="order-section-title">
        <ShoppingCart size={18} aria-hidden />
        주문하기
      </h2>
      {catalogError && (
        <p className="form-alert">상품 목록을 불러오지 못했습니다. 잠시 후 새로고침해 주세요.</p>
      )}
      {/* Maintenance is said once, by the page's status strip (service-status-banner.tsx); here the
          whole form is switched off and says so where its total and button were. */}
      <form
        className={serviceCheck ? 'order-form order-form-closed' : 'order-form'}
        onSubmit={onSubmit}
        noValidate
        aria-busy={catalogPending}
        aria-disabled={serviceCheck || undefined}
      >
        <fieldset className="order-fieldset" disabled={serviceCheck}>
          <ol className="order-steps">
            <Step label="플랫폼">
              {(id) => (
                <CatalogSelect
                  id={id}
                  value={form.platformId}
                  // A platform can always be unselected; the next steps follow from it.
                  placeholder={catalogPending ? '불러오는 중…' : '플랫폼을 선택하세요'}
                  alwaysOfferPlaceholder
                  items={catalog.platforms}
                  onPick={(platformId) => onFormChange((f) => selectPlatform(f, catalog, platformId))}
                />
              )}
            </Step>
            <Step label="카테고리">
              {(id) => (
                <CatalogSelect
                  id={id}
                  value={form.categoryId}
                  placeholder="카테고리를 선택하세요"
                  items={categories}
                  onPick={(categoryId) => onFormChange((f) => selectCategory(f, catalog, categoryId))}
                />
              )}
            </Step>
            <Step label="상품">
              {(id) => (
                <>
                  <CatalogSelect
                    id={id}
                    value={form.serviceId}
                    placeholder="상품을 선택하세요"
                    items={services}
                    itemText={(s) =>
                      `${settings.flag('ENABLE_VISIBLE_SERVICE_ID') ? `[${s.id}] ` : ''}${displayServiceText(s.text, wide)}`
                    }
                    onPick={(serviceId) => onFormChange((f) => selectService(f, catalog, serviceId))}
                  />
                  {service && (
                    <div className="service-info">
                      <p className="service-price">
                        <span>{service.listUnitPriceMilli === undefined ? '단가' : '회원 단가'}</span>
                        <strong>{formatUnitPrice(service.unitPriceMilli)}</strong>
                        {service.listUnitPriceMilli !== undefined && (
                          <span className="service-list-price">
                            정가 <s>{formatUnitPrice(service.listUnitPriceMilli)}</s>
                          </span>
                        )}
                        <span className="service-range">
                          {service.type === 'package'
                            ? `패키지 ${formatCount(service.min)}개`
                            : `최소 ${formatCount(service.min)} · 최대 ${formatCount(service.max)}`}
                        </span>
                      </p>
                      <ServiceTerms service={service} />
                      {service.notice && <p className="service-notice">{service.notice}</p>}
                    </div>
                  )}
                </>
              )}
            </Step>
            <Step label="주문 링크">
              {(id) => (
                <input
                  id={id}
                  className="input"
                  type="text"
                  inputMode="url"
                  autoComplete="off"
                  placeholder="https://"
                  disabled={disabled}
                  value={textValue(form.link)}
                  onChange={(e) => onFormChange((f) => ({ ...f, link: e.target.value }))}
                />
              )}
            </Step>
            {service?.type === 'custom_comments' && (
              <Step label="댓글">
                {(id) => (
                  <CommentsField
                    id={id}
                    service={service}
                    disabled={disabled}
                    value={textValue(form.comments)}
                    onChange={(comments) => onFormChange((f) => ({ ...f, comments }))}
                  />
                )}
              </Step>
            )}
            <Step label="주문 수량">
              {(id) =>
                service && service.type !== 'default' ? (
                  // The quantity follows from the type: shown, not typed (docs/product.md#service-types).
                  <>
                    <input
                      id={id}
                      className="input"
                      type="text"
                      readOnly
                      aria-describedby={`${id}-hint`}
                      value={formatCount(orderAmount(service, orderInput(form, service)))}
                    />
                    <p className="field-hint" id={`${id}-hint`}>
                      {service.type === 'package'
                        ? '패키지 상품은 수량이 정해져 있어요.'
                        : '입력한 댓글 수만큼 주문됩니다.'}
                    </p>
                  </>
                ) : (
                  <input
                    id={id}
                    className="input"
                    type="text"
                    inputMode="numeric"
                    autoComplete="off"
                    disabled={disabled}
                    placeholder={service ? `${service.min} ~ ${service.max}` : undefined}
                    value={textValue(form.amount)}
                    onChange={(e) => onFormChange((f) => ({ ...f, amount: e.target.value }))}
                  />
                )
              }
            </Step>
            {service?.enableAuto && service.type === 'default' && !disabled && (
              <li className="order-step order-step-auto">
                <div className="order-step-body">
                  <span className="checkbox">
                    <input
                      id={`${promptId}-auto`}
                      type="checkbox"
                      checked={form.autoOrder}
                      onChange={(e) => onFormChange((f) => toggleAutoOrder(f, e.target.checked))}
                    />
                    <label htmlFor={`${promptId}-auto`}>자동주문</label>
                  </span>
                  <p className="field-hint">
                    같은 주문을 정해진 간격으로 여러 번 넣어요. 금액은 전체 횟수만큼 한 번에 차감됩니다.
                  </p>
                  {form.autoOrder && (
                    <div className="auto-fields">
                      <LabelledInput
                        label="자동주문 횟수"
                        value={form.runs}
                        onChange={(runs) => onFormChange((f) => ({ ...f, runs }))}
                      />
                      <LabelledInput
                        label="자동주문 간격(분)"
                        value={form.interval}
                        onChange={(interval) => onFormChange((f) => ({ ...f, interval }))}
                      />
                    </div>
                  )}
                </div>
              </li>
            )}
          </ol>
        </fieldset>
        {disabled ? (
          // No total and no button for an order that cannot be placed; the reason in their place.
          <p className="order-closed" data-testid="order-closed">
            {serviceCheck
              ? '점검 중에는 주문할 수 없어요.'
              : '주문불가 상품입니다. 다른 상품을 선택해 주세요.'}
          </p>
        ) : (
          <>
            {/* data-keep-clear: the floating chat button steps aside rather than cover the total. */}
            <div className="order-total" data-keep-clear>
              <span>총 금액</span>
              <strong aria-live="polite" data-testid="order-total">
                {total === null ? '-' : formatWon(total)}
              </strong>
            </div>
            <Button
              type="submit"
              size="lg"
              block
              disabled={submitting}
              aria-describedby={loginPrompt > 0 ? promptId : undefined}
            >
              {submitting ? '주문하는 중…' : '주문하기'}
            </Button>
          </>
        )}
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
    </section>
  );
}
