import { useEffect, useState } from 'react';
import { chargeTimeLeftText } from '@smm/domain';

/** How often the text is brought up to date: it reads in whole minutes. */
const TICK_MS = 10_000;

/**
 * The time left before a pending charge lapses, `2시간 41분 남음` (chargeTimeLeftText). It counts down
 * from the server's own figure (`secondsLeft` when the answer arrived at `receivedAt`, this device's
 * clock), so a device clock that is off does not move the deadline.
 */
export function TimeLeft({
  secondsLeft,
  receivedAt,
  className,
}: {
  secondsLeft: number;
  receivedAt: number;
  className?: string;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, now - receivedAt);
  return <span className={className}>{chargeTimeLeftText(secondsLeft * 1000 - elapsed)}</span>;
}
