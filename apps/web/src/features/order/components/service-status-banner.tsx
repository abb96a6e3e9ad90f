import { useEffect, useState } from 'react';
import { formatDateTime } from '@smm/domain';
import './order.css';

/** "Service running" strip with a clock ticking every second (SPEC.md §2 screen 8). */
export function ServiceStatusBanner() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className="status-banner" role="status">
      <span className="status-pulse" aria-hidden />
      <strong>서비스 정상 가동 중</strong>
      <time dateTime={now.toISOString()}>{formatDateTime(now)}</time>
    </div>
  );
}
