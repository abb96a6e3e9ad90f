import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { darken } from '@smm/domain';
import { createQueryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';
import { TOASTER_PROPS } from '@/lib/toast';
import { SessionProvider } from '@/lib/session/session-provider';
import { useSiteSettings } from '@/lib/site-settings';

/** SITE_MAIN_COLOR drives --main; the hover shade is 20 % darker (docs/product.md#shared-elements). */
function MainColorSync() {
  const { settings } = useSiteSettings();
  const main = settings.mainColor();
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--main', main);
    root.setProperty('--main-hover', darken(main, 0.2));
  }, [main]);
  return null;
}

function AppToaster() {
  return <Toaster {...TOASTER_PROPS} theme={useTheme()} />;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionProvider>
        <MainColorSync />
        {children}
        <AppToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
