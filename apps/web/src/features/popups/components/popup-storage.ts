import { hideForToday, parsePopupDismissals, STORAGE_KEYS, type PopupDismissal } from '@smm/domain';

/** The 'popup-hidden' list; storage that is unavailable or broken reads as empty. */
export function readPopupDismissals(): PopupDismissal[] {
  try {
    return parsePopupDismissals(localStorage.getItem(STORAGE_KEYS.POPUP_HIDDEN));
  } catch {
    return [];
  }
}

/** '오늘 하루 보지 않기': records today's Seoul date for the popup (docs/product.md#popups). */
export function storeHiddenForToday(popupId: number, now: Date): void {
  try {
    const next = hideForToday(readPopupDismissals(), popupId, now);
    localStorage.setItem(STORAGE_KEYS.POPUP_HIDDEN, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the popup still closes for this page load.
  }
}
