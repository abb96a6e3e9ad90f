import { useEffect, useId, useRef, type ReactNode } from 'react';

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
