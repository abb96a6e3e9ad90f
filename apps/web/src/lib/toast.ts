import { toast as sonner, type ExternalToast, type ToasterProps } from 'sonner';

/**
 * Every toast of the site goes through here (docs/ARCHITECTURE.md#toasts): each one stays as long as its
 * text takes to read, errors longer, and the Toaster sits under the top bar with a close button.
 */

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/** Noticing the toast at all, before reading starts. */
const NOTICE_MS = 1000;
/** About 15 characters of Korean a second, spaces and punctuation counted: an unhurried reading pace. */
const MS_PER_CHARACTER = 65;
/** An error or a warning is read, then acted on (fix the field, ask again): half as long again. */
const PROBLEM_FACTOR = 1.5;
const MIN_MS: Record<ToastKind, number> = { success: 2000, info: 2000, warning: 4000, error: 4000 };
/** Past this, a toast is the wrong place for the text; the close button ends it sooner anyway. */
const MAX_MS = 15_000;

/** How long a toast of `message` stays: its reading time, errors and warnings longer, within bounds. */
export function toastDuration(message: string, kind: ToastKind): number {
  const reading = NOTICE_MS + [...message.trim()].length * MS_PER_CHARACTER;
  const needed = kind === 'error' || kind === 'warning' ? reading * PROBLEM_FACTOR : reading;
  return Math.round(Math.min(MAX_MS, Math.max(MIN_MS[kind], needed)));
}

const show =
  (kind: ToastKind) =>
  (message: string, options?: ExternalToast): string | number =>
    sonner[kind](message, { duration: toastDuration(message, kind), ...options });

/** sonner's toast with the durations above (the only toast the app calls; eslint.config.js holds it so). */
export const toast = {
  success: show('success'),
  info: show('info'),
  warning: show('warning'),
  error: show('error'),
  dismiss: sonner.dismiss,
};

/** The gap between the top bar (60 px, docs/product.md#shared-elements) and the first toast. */
const UNDER_TOP_BAR = 'calc(var(--topbar-height) + 12px)';

/**
 * The one Toaster's placement: top centre, but below the fixed top bar, so a toast never covers the
 * menu, the balance or the menu button (sonner's own offset, 24 px, put it on the bar). Phones (sonner
 * switches under 600 px) get the full width less 12 px each side.
 */
export const TOASTER_PROPS = {
  position: 'top-center',
  offset: { top: UNDER_TOP_BAR },
  mobileOffset: { top: UNDER_TOP_BAR, left: '12px', right: '12px' },
  richColors: true,
  closeButton: true,
  containerAriaLabel: '알림',
  toastOptions: { closeButtonAriaLabel: '알림 닫기' },
} satisfies ToasterProps;
