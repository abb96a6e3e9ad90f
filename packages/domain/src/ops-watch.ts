/**
 * The watch (확인 필요, docs/product.md#operator-console): what the panel finds that needs an operator's
 * hand, the Korean words the console shows for each kind, the default thresholds, and the rules that
 * decide from facts whether one thing needs attention. The server's read model asks the database for
 * candidates with the same thresholds and keeps only what these rules accept.
 */

export const WATCH_KINDS = [
  'ORDER_HELD',
  'ORDER_NOT_TAKEN',
  'ORDER_STALLED',
  'CANCEL_WAITING',
  'REFILL_WAITING',
  'PROVIDER_TROUBLE',
  'DEPOSIT_UNMATCHED',
  'CHARGE_LAPSING',
  'SYNC_SUSPICIOUS',
  'INQUIRY_WAITING',
] as const;
export type WatchKind = (typeof WATCH_KINDS)[number];

export interface WatchKindText {
  /** The group's heading. */
  title: string;
  /** What the group holds, one line. */
  description: string;
  /** The action that resolves an entry, as the button or link names it. */
  action: string;
}

export const WATCH_KIND_TEXTS: Record<WatchKind, WatchKindText> = {
  ORDER_HELD: {
    title: '운영자 확인 대기 주문',
    description:
      '공급사 접수 여부를 알 수 없거나 공급사가 주문번호를 모른다고 해 자동 처리를 멈춘 주문입니다.',
    action: '공급사 패널 확인 후 재전송 또는 취소',
  },
  ORDER_NOT_TAKEN: {
    title: '공급사 미접수 주문',
    description: '주문 후 정한 시간이 지나도록 공급사가 접수하지 않은 주문입니다.',
    action: '공급사 연결 확인 후 재전송 또는 취소',
  },
  ORDER_STALLED: {
    title: '진행이 멈춘 주문',
    description: '공급사가 정한 시간 동안 상태도 남은 수량도 바꾸지 않은 주문입니다.',
    action: '공급사에 진행 상황 확인, 필요하면 취소 또는 부분 완료',
  },
  CANCEL_WAITING: {
    title: '공급사 취소 대기',
    description: '회원이 취소를 요청했지만 공급사가 오래 답하지 않은 주문입니다.',
    action: '공급사에 취소 확인 후 취소(환불) 처리',
  },
  REFILL_WAITING: {
    title: '오래 걸리는 리필',
    description: '요청 후 정한 시간이 지나도록 끝나지 않은 리필입니다.',
    action: '공급사에 확인 후 재전송 또는 거절',
  },
  PROVIDER_TROUBLE: {
    title: '공급사 점검',
    description: '잔액이 기준보다 적거나 잔액을 읽지 못했거나 최근 호출이 여러 번 실패한 공급사입니다.',
    action: '공급사 잔액 충전 또는 연결 정보 확인',
  },
  DEPOSIT_UNMATCHED: {
    title: '확인되지 않은 입금',
    description: '들어온 지 정한 시간이 지나도록 충전 신청과 연결되지 않은 입금입니다.',
    action: '맞는 충전 신청에 연결',
  },
  CHARGE_LAPSING: {
    title: '곧 만료되는 충전 신청',
    description: '입금을 기다리는 중인데 곧 만료되는 충전 신청입니다.',
    action: '입금 내역 확인 후 수락',
  },
  SYNC_SUSPICIOUS: {
    title: '의심스러운 공급사 동기화',
    description:
      '공급사가 빈 목록을 보냈거나 판매 중인 상품 절반 넘게가 한꺼번에 사라져, 동기화가 아무것도 바꾸지 않은 공급사입니다.',
    action: '공급사 패널 확인 후 동기화 화면에서 적용 또는 다시 동기화',
  },
  INQUIRY_WAITING: {
    title: '답변을 기다리는 1:1 문의',
    description: '회원이 문의하거나 다시 물은 뒤 정한 시간이 지나도록 답변하지 않은 문의입니다.',
    action: '문의를 열어 답변',
  },
};

import type { WatchSettingKey } from './settings';

/** The thresholds of the watch: each kind's "too long". */
export interface WatchThresholds {
  /** An order its provider has not accepted this many minutes after it was placed. */
  notTakenMinutes: number;
  /** An order at its provider still open this many hours after it was placed. */
  stalledHours: number;
  /** Per service id, its own stalled hours (a slow service, e.g. followers over days). */
  stalledHoursByService: Readonly<Record<number, number>>;
  /** A cancellation asked of a provider and not answered for this many hours. */
  cancelWaitingHours: number;
  /** A refill not finished this many hours after it was asked for. */
  refillWaitingHours: number;
  /** A deposit held this many minutes after it arrived. */
  depositMinutes: number;
  /** A pending charge that lapses within this many minutes. */
  chargeLapseMinutes: number;
  /** A provider whose balance is below this, in its own currency. */
  providerMinBalance: number;
  /** A provider with at least this many failed calls recorded on its orders in the last hour. */
  providerFailures: number;
  /** A 1:1 문의 waiting for an answer this many hours (since the member's message that made it wait). */
  inquiryWaitingHours: number;
}

export const WATCH_DEFAULTS: WatchThresholds = {
  notTakenMinutes: 15,
  stalledHours: 48,
  stalledHoursByService: {},
  cancelWaitingHours: 24,
  refillWaitingHours: 72,
  depositMinutes: 30,
  chargeLapseMinutes: 30,
  providerMinBalance: 10_000,
  providerFailures: 3,
  inquiryWaitingHours: 24,
};

/** How far back a provider's failed calls count. */
export const PROVIDER_FAILURE_WINDOW_MINUTES = 60;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Open orders (PENDING 0, INPROGRESS 1, PROCESSING 4): docs/product.md#orders. */
const OPEN = new Set([0, 1, 4]);

export interface WatchOrderFacts {
  status: number;
  serviceId: number;
  providerOrderId: string | null;
  /** Null on an open order: the worker holds it for an operator (no tick claims it again). */
  nextCheckAt: Date | null;
  cancelRequestedAt: Date | null;
  createdAt: Date;
}

/**
 * Held for an operator: open with no next check. The worker's own definition (orders/provider-failure:
 * an uncertain send, an interrupted send, an order id the provider keeps not knowing).
 */
export function isHeldOrder(order: WatchOrderFacts): boolean {
  return OPEN.has(order.status) && order.nextCheckAt === null;
}

/** Not taken: open, not held, no provider order id, placed `notTakenMinutes` ago or more. */
export function isNotTakenOrder(order: WatchOrderFacts, now: Date, t: WatchThresholds): boolean {
  return (
    OPEN.has(order.status) &&
    !isHeldOrder(order) &&
    order.providerOrderId === null &&
    now.getTime() - order.createdAt.getTime() >= t.notTakenMinutes * MINUTE
  );
}

/** The stalled threshold of a service: its own, else the global one. */
export function stalledHoursOf(serviceId: number, t: WatchThresholds): number {
  return t.stalledHoursByService[serviceId] ?? t.stalledHours;
}

/**
 * Stalled: at its provider, open, not held, no cancellation asked (that is CANCEL_WAITING), placed
 * the service's stalled hours ago or more. Counted from the order's placing: the panel keeps no time
 * of an order's last status change (every status check touches updated_at).
 */
export function isStalledOrder(order: WatchOrderFacts, now: Date, t: WatchThresholds): boolean {
  return (
    OPEN.has(order.status) &&
    !isHeldOrder(order) &&
    order.providerOrderId !== null &&
    order.cancelRequestedAt === null &&
    now.getTime() - order.createdAt.getTime() >= stalledHoursOf(order.serviceId, t) * HOUR
  );
}

/** A cancellation its provider accepted but has not carried out for `cancelWaitingHours`. */
export function isCancelWaiting(order: WatchOrderFacts, now: Date, t: WatchThresholds): boolean {
  return (
    OPEN.has(order.status) &&
    order.cancelRequestedAt !== null &&
    now.getTime() - order.cancelRequestedAt.getTime() >= t.cancelWaitingHours * HOUR
  );
}

/** A refill still PENDING (0) or INPROGRESS (1) `refillWaitingHours` after it was asked for. */
export function isRefillWaiting(
  refill: { status: number; createdAt: Date },
  now: Date,
  t: WatchThresholds,
): boolean {
  return (
    (refill.status === 0 || refill.status === 1) &&
    now.getTime() - refill.createdAt.getTime() >= t.refillWaitingHours * HOUR
  );
}

/**
 * An inquiry waiting for an answer (답변 대기) `inquiryWaitingHours` since `waitingSince`: the member's
 * message that made it wait (docs/product.md#inquiries), so an answered or closed one never counts.
 */
export function isInquiryWaiting(
  inquiry: { state: string; waitingSince: Date | null },
  now: Date,
  t: WatchThresholds,
): boolean {
  return (
    inquiry.state === 'WAITING' &&
    inquiry.waitingSince !== null &&
    now.getTime() - inquiry.waitingSince.getTime() >= t.inquiryWaitingHours * HOUR
  );
}

/**
 * Deposits waiting for an operator. DUPLICATE is left out: with two relays every transfer leaves one,
 * and the deposits screen lists them beside their original. RECEIVED counts too: one left unmatched
 * this long was never matched.
 */
export const WATCH_DEPOSIT_STATUSES = ['RECEIVED', 'UNMATCHED', 'LATE', 'UNPARSED'] as const;

export function isDepositUnmatched(
  deposit: { status: string; createdAt: Date },
  now: Date,
  t: WatchThresholds,
): boolean {
  return (
    (WATCH_DEPOSIT_STATUSES as readonly string[]).includes(deposit.status) &&
    now.getTime() - deposit.createdAt.getTime() >= t.depositMinutes * MINUTE
  );
}

/** A PENDING (0) charge that lapses within `chargeLapseMinutes` and has not lapsed yet. */
export function isChargeLapsing(
  charge: { status: number; expiresAt: Date },
  now: Date,
  t: WatchThresholds,
): boolean {
  const left = charge.expiresAt.getTime() - now.getTime();
  return charge.status === 0 && left > 0 && left <= t.chargeLapseMinutes * MINUTE;
}

export type ProviderTrouble = 'LOW_BALANCE' | 'BALANCE_FAILED' | 'CALLS_FAILING';

export const PROVIDER_TROUBLE_LABELS: Record<ProviderTrouble, string> = {
  LOW_BALANCE: '잔액 부족',
  BALANCE_FAILED: '잔액 조회 실패',
  CALLS_FAILING: '최근 호출 실패',
};

/**
 * What is wrong with an enabled provider, or nothing. `balance` is the provider's answer (a decimal
 * string in its currency), null when it could not be read; `recentFailures` counts its orders whose
 * last call failed within PROVIDER_FAILURE_WINDOW_MINUTES.
 */
export function providerTroubles(
  provider: { balance: string | null; recentFailures: number },
  t: WatchThresholds,
): ProviderTrouble[] {
  const troubles: ProviderTrouble[] = [];
  if (provider.balance === null) troubles.push('BALANCE_FAILED');
  else {
    const amount = Number(provider.balance);
    if (Number.isFinite(amount) && amount < t.providerMinBalance) troubles.push('LOW_BALANCE');
  }
  if (provider.recentFailures >= t.providerFailures) troubles.push('CALLS_FAILING');
  return troubles;
}

/** The console's words for the number of entries: '3건'. */
export function watchCountText(count: number): string {
  return `${count.toLocaleString('ko-KR')}건`;
}

/** The numeric threshold each operator-only setting holds, with the values it may take. */
const WATCH_SETTING_FIELDS: Record<
  Exclude<WatchSettingKey, 'WATCH_STALLED_HOURS_BY_SERVICE'>,
  { field: Exclude<keyof WatchThresholds, 'stalledHoursByService'>; min: number; max: number }
> = {
  WATCH_NOT_TAKEN_MINUTES: { field: 'notTakenMinutes', min: 1, max: 10_080 },
  WATCH_STALLED_HOURS: { field: 'stalledHours', min: 1, max: 2_160 },
  WATCH_CANCEL_WAITING_HOURS: { field: 'cancelWaitingHours', min: 1, max: 2_160 },
  WATCH_REFILL_WAITING_HOURS: { field: 'refillWaitingHours', min: 1, max: 2_160 },
  WATCH_DEPOSIT_MINUTES: { field: 'depositMinutes', min: 1, max: 10_080 },
  WATCH_CHARGE_LAPSE_MINUTES: { field: 'chargeLapseMinutes', min: 1, max: 1_440 },
  WATCH_PROVIDER_MIN_BALANCE: { field: 'providerMinBalance', min: 0, max: 1_000_000_000_000 },
  WATCH_PROVIDER_FAILURES: { field: 'providerFailures', min: 1, max: 10_000 },
  WATCH_INQUIRY_WAITING_HOURS: { field: 'inquiryWaitingHours', min: 1, max: 2_160 },
};

const BY_SERVICE_MESSAGE = "'상품번호=시간'을 쉼표로 구분해 입력하거나 비워두세요. (예: 12=96, 15=168)";

function wholeNumber(value: string, min: number, max: number): number | null {
  const text = value.trim().replaceAll(',', '');
  if (!/^\d{1,13}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}

/** '12=96, 15=168' as service id → hours, or null when any part is not one. */
function stalledHoursByServiceOf(value: string): Record<number, number> | null {
  const result: Record<number, number> = {};
  for (const part of value.split(',')) {
    if (!part.trim()) continue;
    const match = /^\s*(\d{1,10})\s*=\s*(\d{1,5})\s*$/.exec(part);
    if (!match) return null;
    const hours = Number(match[2]);
    if (hours < 1 || hours > 2_160) return null;
    result[Number(match[1])] = hours;
  }
  return result;
}

/** The Korean problem with an operator's value for a watch setting, or null ('' keeps the default). */
export function validateWatchSetting(key: string, value: string): string | null {
  if (value.trim() === '') return null;
  if (key === 'WATCH_STALLED_HOURS_BY_SERVICE')
    return stalledHoursByServiceOf(value) === null ? BY_SERVICE_MESSAGE : null;
  const rule = WATCH_SETTING_FIELDS[key as keyof typeof WATCH_SETTING_FIELDS];
  if (!rule) return null;
  return wholeNumber(value, rule.min, rule.max) === null
    ? `${rule.min.toLocaleString('ko-KR')}~${rule.max.toLocaleString('ko-KR')} 사이의 정수로 입력하거나 비워두세요.`
    : null;
}

/** The thresholds from the stored settings: each empty or unusable value keeps its default. */
export function watchThresholdsFrom(stored: ReadonlyMap<string, string>): WatchThresholds {
  const t: WatchThresholds = { ...WATCH_DEFAULTS };
  for (const [key, rule] of Object.entries(WATCH_SETTING_FIELDS)) {
    const n = wholeNumber(stored.get(key) ?? '', rule.min, rule.max);
    if (n !== null) t[rule.field] = n;
  }
  const byService = stalledHoursByServiceOf(stored.get('WATCH_STALLED_HOURS_BY_SERVICE') ?? '');
  if (byService) t.stalledHoursByService = byService;
  return t;
}
