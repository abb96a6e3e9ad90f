import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import { installMatchMedia } from './match-media';
import { takeUnmockedCalls } from './mock-api';

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

// `npm test` runs these beside the server suite on two cores: a screen that renders in 50 ms alone can
// take seconds there. findBy/waitFor wait up to 5 s (a passing test is no slower; only a failure waits).
configure({ asyncUtilTimeout: 5_000 });

// jsdom logs 'Not implemented' for scrolling; the app scrolls to the top on navigation.
window.scrollTo = (() => {}) as typeof window.scrollTo;

beforeEach(() => {
  installMatchMedia();
  vi.stubGlobal('ResizeObserver', NoopObserver);
  vi.stubGlobal('IntersectionObserver', NoopObserver);
});

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in module state and replays the active ones to the next <Toaster>: a toast
  // that has not closed by itself yet (a short test, fake timers) would otherwise show in the next test.
  toast.dismiss();
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A call no test mock answered fails the test: a screen's calls are all part of what a test states.
  const unmocked = takeUnmockedCalls();
  if (unmocked.length > 0) throw new Error(`Calls not mocked: ${unmocked.join(', ')}`);
});
