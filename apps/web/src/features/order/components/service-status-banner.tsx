import { useEffect, useState } from 'react';
import { formatDateTime } from '@smm/domain';
import './order.css';

/**
 * "Service running" strip with a clock ticking every second (docs/product.md#order-page). No live region: a
 * role="status" or aria-live around the clock would have a screen reader announce the time every second.
 * The <time> element is read like any other text when the reader reaches it.
 */
export function ServiceStatusBanner() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="status-banner">
      <span className="status-pulse" aria-hidden />
      <strong>서비스 정상 가동 중</strong>
      <time dateTime={now.toISOString()}>{formatDateTime(now)}</time>
    </div>
  );
}
