import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface AdminFieldProps {
  label: ReactNode;
  /** The control's id, when something else points at it; otherwise one is made. */
  id?: string;
  /** Shown under the control (an error, a computed refund). */
  children?: ReactNode;
}

/** A labelled input of the console's compact dialogs and forms (the <label htmlFor> serves getByLabel). */
export function AdminTextField({
  label,
  id,
  children,
  className,
  ...rest
}: AdminFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children'>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input id={inputId} className={['admin-input', className].filter(Boolean).join(' ')} {...rest} />
      {children}
    </div>
  );
}

/** The same for several lines: the memos and reasons that go to the audit log. */
export function AdminTextArea({
  label,
  id,
  children,
  className,
  ...rest
}: AdminFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children'>) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className="field">
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <textarea id={inputId} className={['admin-input', className].filter(Boolean).join(' ')} {...rest} />
      {children}
    </div>
  );
}
