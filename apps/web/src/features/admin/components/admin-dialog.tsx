import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The console's modal: a native <dialog className="admin-dialog"> opened with showModal (focus kept
 * inside), named by its <h2> title, Esc closing it through `onClose` (so the screen decides what
 * closing means). `wide` for forms and lists that need the room.
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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom has no showModal; every browser the console supports does.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);

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
