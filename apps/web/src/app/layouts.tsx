import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FloatingChatButton } from '@/features/layout/components/floating-chat-button';
import { Footer } from '@/features/layout/components/footer';
import { MobileBanner } from '@/features/layout/components/mobile-banner';
import { ThemeToggle } from '@/features/layout/components/theme-toggle';
import { TopBar } from '@/features/layout/components/top-bar';
import { LandingRoute } from '@/features/landing/routes/landing';
import './layouts.css';

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);
  return null;
}

/** Every page but the landing: fixed top bar, content, footer and the floating helpers. */
export function AppLayout() {
  return (
    <>
      <ScrollToTop />
      <TopBar />
      <main className="app-main">
        <MobileBanner />
        <Outlet />
      </main>
      <Footer />
      <FloatingChatButton />
    </>
  );
}

export function LandingPage() {
  return (
    <>
      <ScrollToTop />
      <MobileBanner />
      <LandingRoute headerExtra={<ThemeToggle />} />
      <Footer />
      <FloatingChatButton />
    </>
  );
}
