import { bonusTierOf, chargeBonusWon, formatWon, parseBonusTiers } from '@smm/domain';
import { useSiteSettings } from '@/lib/site-settings';

/**
 * The charge bonus the typed points would earn (docs/product.md#referral-rewards-and-charge-bonuses), shown
 * before the member transfers: the bonus and the points it comes to, or the first tier still ahead. Nothing
 * while the operator has set no tiers.
 */
export function ChargeBonusLine({ point }: { point: number }) {
  const { settings } = useSiteSettings();
  const tiers = parseBonusTiers(settings.get('CHARGE_BONUS_TIERS')) ?? [];
  if (tiers.length === 0) return null;
  const bonus = chargeBonusWon(point, tiers);
  const tier = bonusTierOf(point, tiers);
  const next = tiers.find((t) => t.fromWon > point);
  return (
    <p className="charge-bonus" aria-live="polite">
      {tier && bonus > 0 ? (
        <span>
          충전 보너스 <strong>+{formatWon(bonus)}</strong> ({tier.percent}%) · 충전되는 포인트{' '}
          <strong>{formatWon(point + bonus)}</strong>
        </span>
      ) : (
        next && (
          <span>
            {formatWon(next.fromWon)} 이상 충전하면 {next.percent}% 보너스를 드립니다.
          </span>
        )
      )}
      {next && tier && bonus > 0 && (
        <small>
          {formatWon(next.fromWon)} 이상이면 {next.percent}%
        </small>
      )}
      <small>보너스 포인트는 현금으로 환불되지 않습니다.</small>
    </p>
  );
}
