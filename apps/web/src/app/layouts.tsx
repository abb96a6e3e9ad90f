import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FloatingChatButton } from '@/features/layout/components/floating-chat-button';
import { Footer } from '@/features/layout/components/footer';
import { MobileBanner } from '@/features/layout/components/mobile-banner';
import { ThemeToggle } from '@/features/layout/components/theme-toggle';
import { TopBar } from '@/features/layout/components/top-bar';
import { LandingRoute } from '@/features/landing/routes/landing';
import './layouts.css';

const MAIN_ID = 'main-content';

/**
 * The first Tab stop of every page: straight to the page's own content past the top bar's dozen links
 * (the order form's first field was the 18th stop). Focus moves without touching the URL.
 */
function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
        main?.scrollIntoView();
      }}
    >
      본문으로 건너뛰기
    </a>
  );
}

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
      <SkipLink />
      <TopBar />
      <main className="app-main" id={MAIN_ID} tabIndex={-1}>
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
