import { useId, useState, type FormEvent } from 'react';
import {
  REFILL_DAYS_MAX,
  SERVICE_NOTICE_MAX,
  SERVICE_TYPE_LABELS,
  SERVICE_TYPES,
  SYNC_FIELD_LABELS,
  type PinnableField,
  type ServiceType,
  formatUnitPrice,
  formatUnitPriceMilli,
  formatWon,
  parseUnitPriceMilli,
  pricePerThousandWon,
  validateServiceInput,
} from '@smm/domain';
import type { ServiceRequest } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import type { AdminCategory } from '../api/get-categories';
import type { AdminProvider } from '@/features/admin/api/get-providers';
import type { AdminService } from '../api/get-services';
import { useSaveService } from '../api/save-service';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { submitCatalogForm } from './submit-catalog-form';

/** What the service form holds: numbers as typed, so a half-typed price is never turned into 0. */
export interface ServiceForm {
  categoryId: string;
  text: string;
  /** Won per unit, up to 3 decimals ("0.3", "12"). */
  price: string;
  /** docs/product.md#service-types. */
  type: ServiceType;
  min: string;
  max: string;
  notice: string;
  /** Whole days 0–365 as typed; 0 = no refill. */
  refillDays: string;
  cancellable: boolean;
  enableAuto: boolean;
  isReadOnly: boolean;
  visible: boolean;
  /** '' = no provider. */
  providerId: string;
  providerServiceId: string;
  /**
   * 대체 공급사 ('' = none) and its service id: a new order goes there while the provider's sending is
   * paused (docs/product.md#operator-console).
   */
  failoverProviderId: string;
  failoverProviderServiceId: string;
  failoverLossConfirmed: boolean;
  /**
   * The catalog sync keeps a pinned price (docs/product.md#operator-console); the server pins a
   * price edited by hand, and the form sends the pin only when the operator ticked or cleared it.
   */
  pricePinned: boolean;
  pricePinnedBefore: boolean;
  /**
   * The other terms the sync keeps as the operator set them (min, max, refill, cancel; the server pins
   * each one a save changes) and those the operator chose to follow the provider for again.
   */
  pinnedFields: PinnableField[];
  followProvider: PinnableField[];
}

export function serviceFormOf(service: AdminService | null, categoryId: number): ServiceForm {
  return {
    categoryId: String(service?.categoryId ?? categoryId),
    text: service?.text ?? '',
    price: service ? formatUnitPriceMilli(service.unitPriceMilli) : '',
    type: service?.type ?? 'default',
    min: service ? String(service.min) : '',
    max: service ? String(service.max) : '',
    notice: service?.notice ?? '',
    refillDays: String(service?.refillDays ?? 0),
    cancellable: service?.cancellable ?? false,
    enableAuto: service?.enableAuto ?? false,
    isReadOnly: service?.isReadOnly ?? false,
    visible: service?.visible ?? true,
    providerId: service?.providerId ? String(service.providerId) : '',
    providerServiceId: service?.providerServiceId ?? '',
    failoverProviderId: service?.failoverProviderId ? String(service.failoverProviderId) : '',
    failoverProviderServiceId: service?.failoverProviderServiceId ?? '',
    failoverLossConfirmed: service?.failoverLossConfirmed ?? false,
    pricePinned: service?.pricePinned ?? false,
    pricePinnedBefore: service?.pricePinned ?? false,
    pinnedFields: service?.pinnedFields ?? [],
    followProvider: [],
  };
}

const wholeNumber = (text: string) => (/^\d{1,15}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * The form as the request the server takes, or the first problem in the words the server would use
 * (the same domain rule): the price in 원 becomes exact milli-won (parseUnitPriceMilli).
 */
export function serviceRequestOf(form: ServiceForm): { request: ServiceRequest } | { error: string } {
  const unitPriceMilli = parseUnitPriceMilli(form.price) ?? Number.NaN;
  const providerId = form.providerId === '' ? null : Number(form.providerId);
  const failoverProviderId = form.failoverProviderId === '' ? null : Number(form.failoverProviderId);
  const request: ServiceRequest = {
    categoryId: Number(form.categoryId),
    text: form.text,
    unitPriceMilli,
    type: form.type,
    min: wholeNumber(form.min),
    // A Package's quantity is fixed: one field, sent as both min and max.
    max: form.type === 'package' ? wholeNumber(form.min) : wholeNumber(form.max),
    notice: form.notice,
    refillDays: wholeNumber(form.refillDays),
    cancellable: form.cancellable,
    enableAuto: form.enableAuto,
    isReadOnly: form.isReadOnly,
    visible: form.visible,
    providerId,
    providerServiceId: form.providerServiceId.trim(),
    failoverProviderId,
    failoverProviderServiceId: form.failoverProviderServiceId.trim(),
    failoverLossConfirmed: failoverProviderId !== null && form.failoverLossConfirmed,
    ...(form.pricePinned !== form.pricePinnedBefore ? { pricePinned: form.pricePinned } : {}),
    ...(form.followProvider.length > 0 ? { followProvider: form.followProvider } : {}),
  };
  const problem = validateServiceInput({
    text: form.text,
    unitPriceMilli,
    min: request.min,
    max: request.max,
    notice: request.notice ?? '',
    refillDays: request.refillDays ?? 0,
    providerId,
    providerServiceId: request.providerServiceId ?? '',
    type: form.type,
    enableAuto: form.enableAuto,
    failoverProviderId,
    failoverProviderServiceId: request.failoverProviderServiceId ?? '',
  });
  return problem ? { error: problem } : { request };
}

/** What an order of each type asks of the member (docs/product.md#service-types). */
const TYPE_HINTS: Record<ServiceType, string> = {
  default: '회원이 최소~최대 사이의 수량을 입력합니다.',
  custom_comments:
    '회원이 댓글을 한 줄에 하나씩 입력하고, 줄 수가 수량이 됩니다. 공급사에 댓글 목록이 전달됩니다.',
  package: '수량이 정해진 상품입니다. 회원은 링크만 입력합니다.',
};

/** "개당 ₩0.3 · 1,000개당 ₩300" (₩ as everywhere on the site) for a valid price, else how to write one. */
function priceHint(price: string): string {
  const milli = parseUnitPriceMilli(price);
  if (milli === null || milli < 1)
    return '개당 가격을 원 단위로, 소수점 셋째 자리까지 입력해주세요 (예: 0.3).';
  return `개당 ${formatUnitPrice(milli)} · 1,000개당 ${formatWon(pricePerThousandWon(milli))}`;
}

/** 상품 추가 / 수정 with every field a member's order form reads, plus visibility and the provider. */
export function ServiceFormDialog({
  service,
  categoryId,
  categories,
  providers,
  onClose,
}: {
  service: AdminService | null;
  categoryId: number;
  categories: AdminCategory[];
  providers: AdminProvider[];
  onClose: () => void;
}) {
  const [form, setForm] = useState(() => serviceFormOf(service, categoryId));
  const [error, setError] = useState<string | null>(null);
  // The server refused a price below cost (docs/product.md#operator-console): its message shows cost
  // and price, and the operator may save anyway, once, as a confirmed loss.
  const [lossRefused, setLossRefused] = useState(false);
  const save = useSaveService();
  const noticeId = useId();
  const set = <K extends keyof ServiceForm>(key: K, value: ServiceForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const send = (lossConfirmed: boolean) => {
    const result = serviceRequestOf(form);
    setLossRefused(false);
    submitCatalogForm({
      save,
      problem: 'error' in result ? result.error : null,
      variables:
        'request' in result
          ? {
              id: service?.id ?? null,
              body: { ...result.request, ...(lossConfirmed ? { lossConfirmed } : {}) },
            }
          : null,
      what: '상품을',
      setError,
      onClose,
      onSaveError: (e) => {
        if (!isApiError(e) || e.code !== 'CATALOG_BELOW_COST') return false;
        setError(e.message);
        setLossRefused(true);
        return true;
      },
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };

  // The same choices for the provider and its failover.
  const providerOptions = providers.map((p) => (
    <option key={p.id} value={p.id}>
      {p.name}
      {p.enabled ? '' : ' (사용 중지)'}
    </option>
  ));

  return (
    <AdminDialog title={service ? '상품 수정' : '상품 추가'} wide onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="admin-form-grid">
          <SelectField
            label="카테고리"
            value={form.categoryId}
            onChange={(e) => set('categoryId', e.target.value)}
          >
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.platformText} › {c.text}
              </option>
            ))}
          </SelectField>
          <TextField
            label="상품명"
            value={form.text}
            maxLength={100}
            onChange={(e) => set('text', e.target.value)}
          />
          <TextField
            label="단가 (원, 1개당)"
            inputMode="decimal"
            value={form.price}
            placeholder="0.3"
            hint={priceHint(form.price)}
            onChange={(e) => set('price', e.target.value)}
          />
          <SelectField
            label="상품 종류"
            value={form.type}
            onChange={(e) => {
              const type = e.target.value as ServiceType;
              // Auto-orders are for Default services only: the hidden box must not stay ticked.
              setForm((current) => ({
                ...current,
                type,
                enableAuto: type === 'default' && current.enableAuto,
              }));
            }}
            hint={TYPE_HINTS[form.type]}
          >
            {SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {SERVICE_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          {form.type === 'package' ? (
            <TextField
              label="패키지 수량"
              inputMode="numeric"
              value={form.min}
              onChange={(e) => set('min', e.target.value)}
            />
          ) : (
            <div className="catalog-form-pair">
              <TextField
                label={form.type === 'custom_comments' ? '최소 댓글 수' : '최소 수량'}
                inputMode="numeric"
                value={form.min}
                onChange={(e) => set('min', e.target.value)}
              />
              <TextField
                label={form.type === 'custom_comments' ? '최대 댓글 수' : '최대 수량'}
                inputMode="numeric"
                value={form.max}
                onChange={(e) => set('max', e.target.value)}
              />
            </div>
          )}
          <SelectField
            label="공급사"
            value={form.providerId}
            onChange={(e) => set('providerId', e.target.value)}
            hint="공급사가 없으면 주문이 접수만 되고 공급사로 전송되지 않습니다."
          >
            <option value="">공급사 없음</option>
            {providerOptions}
          </SelectField>
          <TextField
            label="공급사 상품 ID"
            value={form.providerServiceId}
            maxLength={64}
            disabled={form.providerId === ''}
            onChange={(e) => set('providerServiceId', e.target.value)}
          />
          <SelectField
            label="대체 공급사"
            value={form.failoverProviderId}
            disabled={form.providerId === ''}
            onChange={(e) => set('failoverProviderId', e.target.value)}
            hint="공급사의 신규 주문 전송을 중지하면 새 주문이 이 공급사로 갑니다."
          >
            <option value="">대체 공급사 없음</option>
            {providerOptions}
          </SelectField>
          <TextField
            label="대체 공급사 상품 ID"
            value={form.failoverProviderServiceId}
            maxLength={64}
            disabled={form.failoverProviderId === ''}
            onChange={(e) => set('failoverProviderServiceId', e.target.value)}
          />
          <TextField
            label="리필 보장 기간(일)"
            inputMode="numeric"
            value={form.refillDays}
            hint={`0이면 리필 없음 · 최대 ${REFILL_DAYS_MAX}일 (완료 후 이 기간 안에 회원이 리필을 요청할 수 있습니다)`}
            onChange={(e) => set('refillDays', e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={noticeId}>
            안내문
          </label>
          <textarea
            id={noticeId}
            className="admin-input catalog-textarea"
            rows={4}
            maxLength={SERVICE_NOTICE_MAX}
            value={form.notice}
            placeholder="주문 전 회원에게 보여줄 안내 (링크 형식, 시작 시간 등)"
            onChange={(e) => set('notice', e.target.value)}
          />
        </div>
        <div className="catalog-checkboxes">
          <Checkbox
            label="회원 주문 취소 허용"
            checked={form.cancellable}
            onChange={(e) => set('cancellable', e.target.checked)}
          />
          {form.type === 'default' && (
            <Checkbox
              label="자동주문 허용"
              checked={form.enableAuto}
              onChange={(e) => set('enableAuto', e.target.checked)}
            />
          )}
          {form.failoverProviderId !== '' && (
            // docs/ARCHITECTURE.md#provider-health: without it an order whose failover costs more than
            // the member paid waits for the first provider instead. (손실 감수) is kept on one line when
            // the label wraps (a no-break space).
            <Checkbox
              label={'대체 공급사 원가가 결제 금액보다 높아도 보냄 (손실\u00a0감수)'}
              checked={form.failoverLossConfirmed}
              onChange={(e) => set('failoverLossConfirmed', e.target.checked)}
            />
          )}
          {form.providerId !== '' && (
            <Checkbox
              label="단가 고정 (공급사 동기화가 단가를 바꾸지 않음)"
              checked={form.pricePinned}
              onChange={(e) => set('pricePinned', e.target.checked)}
            />
          )}
          <Checkbox
            label="읽기 전용 (주문 불가)"
            checked={form.isReadOnly}
            onChange={(e) => set('isReadOnly', e.target.checked)}
          />
          <Checkbox
            label="회원에게 노출"
            checked={form.visible}
            onChange={(e) => set('visible', e.target.checked)}
          />
        </div>
        {form.providerId !== '' && form.pinnedFields.length > 0 && (
          // docs/product.md#operator-console: a term set by hand is kept by the sync (narrowed only to
          // what the provider accepts) until the operator follows the provider again.
          <div className="catalog-pins" role="group" aria-label="동기화가 지키는 값">
            <p className="catalog-muted">직접 정한 값이라 공급사 동기화가 바꾸지 않습니다.</p>
            <ul>
              {form.pinnedFields.map((field) => {
                const following = form.followProvider.includes(field);
                return (
                  <li key={field}>
                    <span className={`admin-chip${following ? ' admin-chip-muted' : ''}`}>
                      {SYNC_FIELD_LABELS[field]} {following ? '· 저장하면 공급사 값 따름' : '고정됨'}
                    </span>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      aria-pressed={following}
                      onClick={() =>
                        set(
                          'followProvider',
                          following
                            ? form.followProvider.filter((f) => f !== field)
                            : [...form.followProvider, field],
                        )
                      }
                    >
                      {following ? '고정 유지' : '공급사 값 따르기'}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {error && (
          <p className="catalog-form-error" role="alert">
            {error}
          </p>
        )}
        {lossRefused && (
          <div className="catalog-form-loss">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={save.isPending}
              onClick={() => send(true)}
            >
              손실 감수하고 저장
            </Button>
          </div>
        )}
        <AdminDialogActions onCancel={onClose} pending={save.isPending} />
      </form>
    </AdminDialog>
  );
}
