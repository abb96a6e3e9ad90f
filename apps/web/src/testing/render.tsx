import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { SessionProvider } from '@/lib/session/session-provider';

export function createTestQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Shows the current path so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

interface RenderOptions {
  route?: string;
  /** Extra routes beside the element under test, e.g. the page a form navigates to. */
  routes?: Record<string, ReactElement>;
  path?: string;
}

/** Renders one screen inside the real providers (query client, session, toasts) and a memory router. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', routes = {} }: RenderOptions = {},
) {
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            {Object.entries(routes).map(([p, element]) => (
              <Route key={p} path={p} element={element} />
            ))}
            <Route path={path} element={ui} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster duration={2000} />
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
