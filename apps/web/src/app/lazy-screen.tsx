import { lazy, Suspense, type ComponentProps, type ComponentType, type JSX } from 'react';
import { RouteSkeleton } from '@/components/ui/route-skeleton';

// The constraint React.lazy itself uses: a component of any props (each screen's own are kept below).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Screen = ComponentType<any>;
type ScreenModule<C extends Screen> = Promise<{ default: C }>;

const RELOADED_KEY = 'screen-chunk-reloaded';

function loaded<T>(module: T): T {
  sessionStorage.removeItem(RELOADED_KEY);
  return module;
}

/**
 * A screen's chunk that fails to load is most often one a deploy replaced after this tab loaded its entry:
 * a reload fetches the current entry. Once per tab session, so a visitor who is offline sees the error
 * instead of a reload loop.
 */
function reloadOnce(error: unknown): never {
  if (sessionStorage.getItem(RELOADED_KEY)) throw error;
  sessionStorage.setItem(RELOADED_KEY, '1');
  window.location.reload();
  throw error;
}

/** A route's screen as a component whose code is fetched when first rendered (or preloaded). */
export type LazyScreen<C extends Screen> = ((props: ComponentProps<C>) => JSX.Element) & {
  preload: () => ScreenModule<C>;
};

/**
 * Route-level code splitting: the screen's chunk is fetched on its first render, behind its own Suspense
 * boundary. The boundary sits in the element the layout's <Outlet /> renders, inside <main>, so the top bar
 * and footer stay on screen while the skeleton holds the page frame.
 */
export function lazyScreen<C extends Screen>(load: () => ScreenModule<C>): LazyScreen<C> {
  let pending: ScreenModule<C> | undefined;
  // One import per screen, shared by preload and the first render.
  const preload = () => (pending ??= load().then(loaded, (error: unknown) => reloadOnce(error)));
  const Loading = lazy(preload);
  function Loaded(props: ComponentProps<C>) {
    return (
      <Suspense fallback={<RouteSkeleton />}>
        <Loading {...props} />
      </Suspense>
    );
  }
  return Object.assign(Loaded, { preload });
}
