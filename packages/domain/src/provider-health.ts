/*
 * Provider health (docs/product.md#operator-console): the console's words for a provider's calls, and
 * the figures of its chart. Shared by the server (what it answers) and the console (what it shows).
 */

/** The SMM API v2 actions as the console names them. */
export const PROVIDER_ACTION_LABELS: Record<string, string> = {
  add: '주문 전송',
  status: '상태 확인',
  cancel: '취소 요청',
  refill: '리필 요청',
  refill_status: '리필 상태',
  balance: '잔액 확인',
  services: '상품 목록',
};

export const providerActionLabel = (action: string): string => PROVIDER_ACTION_LABELS[action] ?? action;

/** Hours the console's chart covers. */
export const PROVIDER_HEALTH_HOURS = 24;

/** Failed calls as a percent of calls, one decimal ("12.5%"); "—" with no calls. */
export function formatErrorRate(calls: number, failures: number): string {
  if (calls <= 0) return '—';
  const percent = Math.round((failures / calls) * 1000) / 10;
  return `${percent.toLocaleString('ko-KR', { maximumFractionDigits: 1 })}%`;
}

/** A duration in milliseconds as the console writes it: "850ms", "2.4초"; "—" when there is none. */
export function formatLatency(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return `${(Math.round(ms / 100) / 10).toLocaleString('ko-KR', { maximumFractionDigits: 1 })}초`;
}
