import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A console form in a native modal <dialog className="admin-dialog">: focus stays inside, Esc closes
 * it (through `onClose`, so the screen decides what closing means).
 */
export function CatalogDialog({
  title,
  wide,
  onClose,
  children,
}: {
  title: string;
  wide?: boolean;
  onClose: () => void;
  children: (titleId: string) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // jsdom has no showModal; a browser always does.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);
  return (
    <dialog
      ref={ref}
      className={['admin-dialog', wide ? 'catalog-dialog-wide' : ''].filter(Boolean).join(' ')}
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
