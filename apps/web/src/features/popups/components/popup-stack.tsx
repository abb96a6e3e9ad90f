import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { isPopupHidden } from '@smm/domain';
import { paths } from '@/lib/paths';
import { usePopups } from '../api/get-popups';
import { PopupDialog } from './popup-dialog';
import { readPopupDismissals, storeHiddenForToday } from './popup-storage';

/** The operator console's paths (/admin and below; routes match without regard to case). */
export function isConsolePath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return path === paths.admin.dashboard || path.startsWith(`${paths.admin.dashboard}/`);
}

/**
 * Every enabled popup not hidden for today, one at a time: closing one shows the next
 * (docs/product.md#popups). Mounted once inside the router for the whole app, so a plain 닫기 lasts until
 * the next page load, across route changes. Popups are the member site's: the operator console
 * (docs/product.md#operator-console) neither reads nor shows them, and a member page shown after it
 * still does.
 */
export function PopupStack() {
  const onConsole = isConsolePath(useLocation().pathname);
  const { data } = usePopups({ enabled: !onConsole });
  // Read once per page load: "hidden while the stored date is today" is decided when the page loads.
  const [dismissals] = useState(readPopupDismissals);
  const [loadedAt] = useState(() => new Date());
  const [closed, setClosed] = useState<ReadonlySet<number>>(() => new Set());

  if (!data || onConsole) return null;
  const queue = data.filter(
    (popup) => popup.enabled && !closed.has(popup.id) && !isPopupHidden(dismissals, popup.id, loadedAt),
  );
  const current = queue[0];
  if (!current) return null;

  const close = () => setClosed((previous) => new Set(previous).add(current.id));
  const hideToday = () => {
    storeHiddenForToday(current.id, new Date());
    close();
  };

  return createPortal(
    <PopupDialog
      key={current.id}
      popup={current}
      position={closed.size + 1}
      total={closed.size + queue.length}
      onHideToday={hideToday}
      onClose={close}
    />,
    document.body,
  );
}
