import { useEffect, useState } from 'react';
import { Wrench } from 'lucide-react';
import { formatDateTime } from '@smm/domain';
import { useSiteSettings } from '@/lib/site-settings';
import './order.css';

/**
 * The order page's one status strip (docs/product.md#order-page): "service running" with a clock, or,
 * with ENABLE_SERVICE_CHECK on, the maintenance notice in its place — never both, so the page does not
 * say that ordering works above a notice that it does not. Nothing until the settings have answered: a
 * "running" strip shown first and replaced a moment later would be the same contradiction.
 */
export function ServiceStatusBanner() {
  const { settings, isLoaded } = useSiteSettings();
  if (!isLoaded) return null;
  if (settings.flag('ENABLE_SERVICE_CHECK')) {
    return (
      <div className="status-banner status-banner-maintenance" data-testid="service-status">
        <Wrench size={16} aria-hidden />
        <strong>서비스 점검 중</strong>
        <span>점검이 끝나면 주문할 수 있어요. 포인트 충전과 내역 조회는 그대로 이용할 수 있습니다.</span>
      </div>
    );
  }
  return <RunningBanner />;
}

/**
 * "Service running" with a clock ticking every second. No live region: a role="status" or aria-live around
 * the clock would have a screen reader announce the time every second. The <time> element is read like
 * any other text when the reader reaches it.
 */
function RunningBanner() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="status-banner" data-testid="service-status">
      <span className="status-pulse" aria-hidden />
      <strong>서비스 정상 가동 중</strong>
      <time dateTime={now.toISOString()}>{formatDateTime(now)}</time>
    </div>
  );
}
