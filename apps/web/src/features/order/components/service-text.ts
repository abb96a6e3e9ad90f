import { useEffect, useState } from 'react';

/** The mobile breakpoint (docs/product.md#display-constants): wider counts as a wide screen. */
const WIDE_SCREEN_QUERY = '(min-width: 881px)';

/** A country flag: two regional-indicator letters. */
const FLAG = /\p{Regional_Indicator}{2}/gu;
const COUPLE = '💑';

/**
 * On wide screens emoji flags in service names are shown as couple emojis (docs/product.md#order-page;
 * desktop systems such as Windows draw flags as two bare letters). Display only: the service itself is
 * unchanged.
 */
export function displayServiceText(text: string, wide: boolean): string {
  return wide ? text.replace(FLAG, COUPLE) : text;
}

export function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE_SCREEN_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE_SCREEN_QUERY);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}
