import type { WatchTarget } from '@smm/domain/contract';
import { paths } from '@/lib/paths';

/** The console address of an entry's target: the screen, narrowed by the entry's query. */
export function watchHref(target: WatchTarget): string {
  // An inquiry's entry opens its thread.
  if (target.screen === 'inquiry') return paths.admin.inquiry(Number(target.query.id));
  // Refills are a tab of the orders screen.
  const base = target.screen === 'refills' ? paths.admin.orders : paths.admin[target.screen];
  const params = new URLSearchParams(target.screen === 'refills' ? { tab: 'refills' } : {});
  for (const [key, value] of Object.entries(target.query)) params.set(key, value);
  const query = params.toString();
  return query ? `${base}?${query}` : base;
}
