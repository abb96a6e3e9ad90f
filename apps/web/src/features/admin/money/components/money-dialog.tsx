import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * The money screens' modal: a native <dialog> opened with showModal (focus kept inside, Esc closes
 * it through onClose), titled for assistive technology.
 */
export function MoneyDialog({
  title,
  onClose,
  children,
  wide,
}: {
  title: string;
  onClose: () => void;
  children: (titleId: string) => ReactNode;
  wide?: boolean;
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
      className={['admin-dialog', wide ? 'money-dialog-wide' : ''].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {children(titleId)}
    </dialog>
  );
}
