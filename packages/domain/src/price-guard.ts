/**
 * No sale below cost from the console's service form (docs/product.md#operator-console,
 * docs/ARCHITECTURE.md#catalog-sync): the sync's margin guard covers what the sync writes; this rule
 * covers a price the operator types and a failover chosen by hand. Both unit costs are in milli-won,
 * rounded up (for an integer price, "rounded-up cost > price" is exactly "cost > price").
 */
import { formatUnitPrice } from './order-rules';

export type LossKind = 'provider' | 'failover';

export interface LossAtPrice {
  kind: LossKind;
  costMilli: number;
  priceMilli: number;
}

export interface PriceGuardInput {
  priceMilli: number;
  /** Its own provider's unit cost; null when not known or not judged (unchanged since last saved). */
  providerCostMilli: number | null;
  /** The failover's unit cost; null when none, not known, or not judged. */
  failoverCostMilli: number | null;
}

/** Each cost above the price, the provider's first. */
export function lossesAtPrice(input: PriceGuardInput): LossAtPrice[] {
  const losses: LossAtPrice[] = [];
  const judge = (kind: LossKind, cost: number | null) => {
    if (cost !== null && cost > input.priceMilli)
      losses.push({ kind, costMilli: cost, priceMilli: input.priceMilli });
  };
  judge('provider', input.providerCostMilli);
  judge('failover', input.failoverCostMilli);
  return losses;
}

export const LOSS_CONFIRM_HINT = "손실을 감수하고 저장하려면 '손실 감수하고 저장'을 눌러주세요.";

/** "원가 ₩1.19/개가 판매가 ₩1/개보다 높습니다. …": the Korean 400 of a loss not confirmed. */
export function lossMessage(losses: readonly LossAtPrice[]): string {
  const parts = losses.map(
    (loss) =>
      `${loss.kind === 'failover' ? '대체 공급사 원가' : '원가'} ${formatUnitPrice(loss.costMilli)}/개가 ` +
      `판매가 ${formatUnitPrice(loss.priceMilli)}/개보다 높습니다.`,
  );
  return `${parts.join(' ')} ${LOSS_CONFIRM_HINT}`;
}
