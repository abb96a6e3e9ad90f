import type { FormEvent } from 'react';
import {
  AUTO_ORDER_STATUS_LABELS,
  AutoOrderStatus,
  CANCEL_REQUESTED_LABEL,
  ORDER_STATUS_LABELS,
  AUTO_ORDER_STATUSES,
  ORDER_STATUSES,
} from '@smm/domain';
import type { AdminProvider } from '@/features/admin/api/get-providers';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import type { getOrderServices } from './api/get-order-services';
import type { OrdersSearch } from './orders-search';

/** The filter form's fields, as typed (applied to the URL on 검색). */
export interface Draft {
  member: string;
  memberPrefix: boolean;
  serviceId: string;
  status: string;
  providerId: string;
  link: string;
  from: string;
  to: string;
  errorsOnly: boolean;
  cancelRequested: boolean;
  marginLoss: boolean;
}

export const draftOf = (search: OrdersSearch): Draft => ({
  member: search.member,
  memberPrefix: search.memberPrefix,
  serviceId: search.serviceId === null ? '' : String(search.serviceId),
  status: search.status === null ? '' : String(search.status),
  providerId: search.providerId === null ? '' : String(search.providerId),
  link: search.link,
  from: search.from,
  to: search.to,
  errorsOnly: search.errorsOnly,
  cancelRequested: search.cancelRequested,
  marginLoss: search.marginLoss,
});

/**
 * The orders and auto-orders tabs' search form: the fields as typed (`draft`, kept by the screen), applied
 * to the URL on 검색 (`onSubmit`), cleared back to the tab's defaults on 초기화 (`onReset`).
 */
export function OrdersFilters({
  search,
  draft,
  setDraft,
  services,
  providers,
  onSubmit,
  onReset,
}: {
  search: OrdersSearch;
  draft: Draft;
  setDraft: (draft: Draft) => void;
  services: Awaited<ReturnType<typeof getOrderServices>> | undefined;
  providers: AdminProvider[] | undefined;
  onSubmit: (event: FormEvent) => void;
  onReset: () => void;
}) {
  const isAuto = search.tab === 'auto';
  // The filter picks one exact state; a partial auto-order shares 완료 with a whole one
  // (docs/product.md#auto-orders), so its option says what sets it apart.
  const statuses = isAuto
    ? AUTO_ORDER_STATUSES.map(
        (s) =>
          [
            s,
            s === AutoOrderStatus.PARTIAL
              ? `${AUTO_ORDER_STATUS_LABELS[s]} (일부 환불)`
              : AUTO_ORDER_STATUS_LABELS[s],
          ] as const,
      )
    : ORDER_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]] as const);

  return (
    <form className="orders-filters admin-filters" role="search" aria-label="주문 검색" onSubmit={onSubmit}>
      <div className="orders-member">
        <TextField
          label="회원 아이디"
          value={draft.member}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => setDraft({ ...draft, member: event.target.value })}
        />
        <Checkbox
          label="앞부분 일치"
          checked={draft.memberPrefix}
          onChange={(event) => setDraft({ ...draft, memberPrefix: event.target.checked })}
        />
      </div>
      <SelectField
        label="상품"
        className="orders-service-select"
        value={draft.serviceId}
        onChange={(event) => setDraft({ ...draft, serviceId: event.target.value })}
      >
        <option value="">전체 상품</option>
        {(services ?? []).map((service) => (
          <option key={service.id} value={service.id}>
            {service.platformText} · {service.text}
            {service.visible ? '' : ' (숨김)'}
          </option>
        ))}
      </SelectField>
      {search.tab === 'orders' && (
        <SelectField
          label="공급사"
          value={draft.providerId}
          onChange={(event) => setDraft({ ...draft, providerId: event.target.value })}
        >
          <option value="">전체 공급사</option>
          {(providers ?? []).map((provider) => (
            <option key={provider.id} value={provider.id}>
              {provider.name}
            </option>
          ))}
        </SelectField>
      )}
      <SelectField
        label="상태"
        value={draft.status}
        onChange={(event) => setDraft({ ...draft, status: event.target.value })}
      >
        <option value="">전체 상태</option>
        {statuses.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="링크"
        value={draft.link}
        maxLength={200}
        placeholder="링크의 일부"
        autoComplete="off"
        onChange={(event) => setDraft({ ...draft, link: event.target.value })}
      />
      <TextField
        label="시작일"
        type="date"
        value={draft.from}
        onChange={(event) => setDraft({ ...draft, from: event.target.value })}
      />
      <TextField
        label="종료일"
        type="date"
        value={draft.to}
        onChange={(event) => setDraft({ ...draft, to: event.target.value })}
      />
      {!isAuto && (
        <Checkbox
          label="오류 있는 주문만"
          checked={draft.errorsOnly}
          onChange={(event) => setDraft({ ...draft, errorsOnly: event.target.checked })}
        />
      )}
      {!isAuto && (
        <Checkbox
          label={CANCEL_REQUESTED_LABEL}
          checked={draft.cancelRequested}
          onChange={(event) => setDraft({ ...draft, cancelRequested: event.target.checked })}
        />
      )}
      {!isAuto && (
        <Checkbox
          label="역마진만"
          checked={draft.marginLoss}
          onChange={(event) => setDraft({ ...draft, marginLoss: event.target.checked })}
        />
      )}
      <div className="orders-filter-actions">
        <Button type="submit">검색</Button>
        <Button type="button" variant="ghost" onClick={onReset}>
          초기화
        </Button>
      </div>
    </form>
  );
}
