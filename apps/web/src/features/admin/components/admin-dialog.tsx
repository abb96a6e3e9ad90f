import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The console's modal: a native <dialog className="admin-dialog"> opened with showModal (focus kept
 * inside), named by its <h2> title, Esc closing it through `onClose` (so the screen decides what
 * closing means); when it goes, focus goes back to the element that had it when it opened.
 * `wide` for forms and lists that need the room.
 */
export function AdminDialog({
  title,
  wide,
  onClose,
  children,
}: {
  title: string;
  wide?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // The element that opened the dialog (its trigger), read at the first render, while it still has focus.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement && document.activeElement !== document.body
      ? describeOpener(document.activeElement)
      : null,
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; every browser the console supports does.
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      // Screens close a dialog by unmounting it — Esc, 취소, a saved form alike — and a removed <dialog>
      // leaves focus on the page body, so a keyboard user would start over from the top: give it back
      // to the trigger on every close path. (Still in the page: React's development re-run, not a close.)
      if (dialog.isConnected || !opener) return;
      findOpener(opener)?.focus({ preventScroll: true });
    };
  }, [opener]);

  return (
    <dialog
      ref={ref}
      className={wide ? 'admin-dialog admin-dialog-wide' : 'admin-dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children}
    </dialog>
  );
}

/**
 * The footer of a form in an AdminDialog: 취소 (closes, never submits) and the submit button, which
 * is disabled and says `pendingLabel` while the request runs.
 */
export function AdminDialogActions({
  onCancel,
  pending,
  submitLabel = '저장',
  pendingLabel = '저장 중…',
  cancelLabel = '취소',
  cancelDisabled,
  submitDisabled,
  danger,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel?: string;
  pendingLabel?: string;
  cancelLabel?: string;
  /** Some dialogs keep 취소 usable while saving, others lock it until the request settles. */
  cancelDisabled?: boolean;
  /** Besides `pending`, e.g. nothing chosen yet. */
  submitDisabled?: boolean;
  /** The action takes something away (reject, cancel, suspend): the submit button says so in red. */
  danger?: boolean;
}) {
  return (
    <div className="admin-form-actions">
      <Button type="button" variant="ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button
        type="submit"
        className={danger ? 'admin-danger-button' : undefined}
        disabled={pending || submitDisabled}
      >
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

interface OpenerTrace {
  element: HTMLElement;
  /** Child positions from <body> down to the trigger. */
  path: number[];
  tag: string;
  name: string;
}

const nameOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();

function describeOpener(element: HTMLElement): OpenerTrace {
  const path: number[] = [];
  for (let node: Element = element; node !== document.body && node.parentElement; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  return { element, path, tag: element.tagName, name: nameOf(element) };
}

/**
 * The trigger, or the element that replaced it: a table re-renders its rows while a dialog is open,
 * so the 수정 button that opened it may be a new element by the time it closes. The same place in the
 * page with the same tag and name is the same control to the person using it.
 */
function findOpener(trace: OpenerTrace): HTMLElement | null {
  if (trace.element.isConnected) return trace.element;
  let node: Element | undefined = document.body;
  for (const index of trace.path) node = node?.children[index];
  const same = (element: Element | undefined): element is HTMLElement =>
    element instanceof HTMLElement && element.tagName === trace.tag && nameOf(element) === trace.name;
  return same(node) ? node : null;
}
