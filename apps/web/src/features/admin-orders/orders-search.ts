import { ADMIN_ORDER_PAGE_SIZE, ADMIN_ORDER_SORTS, parseSeoulDate, type AdminOrderSort } from '@smm/domain';
import type { AdminAutoOrdersParams, AdminOrdersParams, AdminRefillsParams } from '@smm/domain/contract';

/**
 * The orders screen's state, kept in the URL (?tab=&member=&match=&service=&status=&link=&from=&to=
 * &error=&sort=&order=&page=&size=) so reload, back and a copied link show the same list. Anything in
 * the URL that the server would refuse is dropped here, so a hand-edited address never shows an error.
 * The 리필 요청 tab keeps its state (status, q, page, size) in the same URL (?tab=refills&q=).
 */
export type OrdersTab = 'orders' | 'auto' | 'refills';

export interface OrdersSearch {
  tab: OrdersTab;
  member: string;
  memberPrefix: boolean;
  serviceId: number | null;
  /** Orders tab: the provider that has the order now (after a failover, the failover). */
  providerId: number | null;
  status: number | null;
  link: string;
  from: string;
  to: string;
  errorsOnly: boolean;
  /** Orders tab: only those whose cancel was asked of their provider (취소 요청됨). */
  cancelRequested: boolean;
  /** Only orders whose provider charged more than the member paid (역마진). */
  marginLoss: boolean;
  /** Refills tab: a member's login id or part of the link. */
  q: string;
  sort: AdminOrderSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const ORDER_PAGE_SIZES = [20, 50, 100] as const;

export const DEFAULT_ORDERS_SEARCH: OrdersSearch = {
  tab: 'orders',
  member: '',
  memberPrefix: false,
  serviceId: null,
  providerId: null,
  status: null,
  link: '',
  from: '',
  to: '',
  errorsOnly: false,
  cancelRequested: false,
  marginLoss: false,
  q: '',
  sort: 'id',
  order: 'desc',
  page: 1,
  pageSize: ADMIN_ORDER_PAGE_SIZE,
};

const CONTROL = /[\u0000-\u001f\u007f]/;
const text = (value: string | null, max: number) => {
  const trimmed = (value ?? '').trim();
  return trimmed.length > max || CONTROL.test(trimmed) ? '' : trimmed;
};
const positive = (value: string | null, max: number): number | null => {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
};
const date = (value: string | null) => (value && parseSeoulDate(value) ? value : '');

export function readOrdersSearch(params: URLSearchParams): OrdersSearch {
  const tabParam = params.get('tab');
  const tab: OrdersTab = tabParam === 'auto' || tabParam === 'refills' ? tabParam : 'orders';
  const status = params.get('status');
  const maxStatus = tab === 'orders' ? 5 : 3;
  const size = Number(params.get('size'));
  const sort = params.get('sort');
  return {
    tab,
    member: text(params.get('member'), 60),
    memberPrefix: params.get('match') === 'prefix',
    serviceId: positive(params.get('service'), 2_147_483_647),
    providerId: tab === 'orders' ? positive(params.get('provider'), 2_147_483_647) : null,
    status: status !== null && /^\d$/.test(status) && Number(status) <= maxStatus ? Number(status) : null,
    link: text(params.get('link'), 200),
    from: date(params.get('from')),
    to: date(params.get('to')),
    errorsOnly: tab === 'orders' && params.get('error') === '1',
    cancelRequested: tab === 'orders' && params.get('cancel') === '1',
    marginLoss: tab === 'orders' && params.get('loss') === '1',
    q: tab === 'refills' ? text(params.get('q'), 200) : '',
    sort: ADMIN_ORDER_SORTS.includes(sort as AdminOrderSort) ? (sort as AdminOrderSort) : 'id',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: positive(params.get('page'), 1_000_000) ?? 1,
    pageSize: (ORDER_PAGE_SIZES as readonly number[]).includes(size) ? size : ADMIN_ORDER_PAGE_SIZE,
  };
}

/** The screen's own URL for a search (defaults left out, so the plain /admin/orders is the default). */
export function ordersSearchParams(search: OrdersSearch): string {
  const params = new URLSearchParams();
  const d = DEFAULT_ORDERS_SEARCH;
  if (search.tab !== d.tab) params.set('tab', search.tab);
  if (search.member) params.set('member', search.member);
  if (search.member && search.memberPrefix) params.set('match', 'prefix');
  if (search.serviceId !== null) params.set('service', String(search.serviceId));
  if (search.tab === 'orders' && search.providerId !== null)
    params.set('provider', String(search.providerId));
  if (search.status !== null) params.set('status', String(search.status));
  if (search.link) params.set('link', search.link);
  if (search.from) params.set('from', search.from);
  if (search.to) params.set('to', search.to);
  if (search.tab === 'orders' && search.errorsOnly) params.set('error', '1');
  if (search.tab === 'orders' && search.cancelRequested) params.set('cancel', '1');
  if (search.tab === 'orders' && search.marginLoss) params.set('loss', '1');
  if (search.tab === 'refills' && search.q) params.set('q', search.q);
  if (search.sort !== d.sort) params.set('sort', search.sort);
  if (search.order !== d.order) params.set('order', search.order);
  if (search.page !== 1) params.set('page', String(search.page));
  if (search.pageSize !== d.pageSize) params.set('size', String(search.pageSize));
  return params.toString();
}

/** The request's query string for the server (the contract's names). */
export function ordersRequestParams(search: OrdersSearch): string {
  const query: AdminOrdersParams & AdminAutoOrdersParams = {
    sort: search.sort,
    order: search.order,
    page: search.page,
    pageSize: String(search.pageSize),
  };
  if (search.member) {
    query.member = search.member;
    query.memberMatch = search.memberPrefix ? 'prefix' : 'exact';
  }
  if (search.serviceId !== null) query.serviceId = String(search.serviceId);
  if (search.tab === 'orders' && search.providerId !== null) query.providerId = String(search.providerId);
  if (search.status !== null) query.status = String(search.status);
  if (search.link) query.link = search.link;
  if (search.from) query.from = search.from;
  if (search.to) query.to = search.to;
  if (search.tab === 'orders' && search.errorsOnly) query.hasError = 'true';
  if (search.tab === 'orders' && search.cancelRequested) query.cancelRequested = 'true';
  if (search.tab === 'orders' && search.marginLoss) query.chargeExceedsPaid = 'true';
  return new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString();
}

/** The refills tab's request (GET /admin/api/refills): state, member or link, page. */
export function refillsRequestParams(search: OrdersSearch): string {
  const query: AdminRefillsParams = { page: search.page, pageSize: String(search.pageSize) };
  if (search.status !== null) query.status = String(search.status);
  if (search.q) query.q = search.q;
  return new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  ).toString();
}
