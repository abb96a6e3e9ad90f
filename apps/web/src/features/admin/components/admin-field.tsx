import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface AdminFieldProps {
  label: ReactNode;
  /** The control's id, when something else points at it; otherwise one is made. */
  id?: string;
  /** Shown under the control (an error, a computed refund). */
  children?: ReactNode;
}

/** Label, control and what goes under it; the <label htmlFor> serves getByLabel. */
function AdminField({
  label,
  id,
  children,
  control,
}: AdminFieldProps & { control: (id: string) => ReactNode }) {
  const ownId = useId();
  const controlId = id ?? ownId;
  return (
    <div className="field">
      <label className="field-label" htmlFor={controlId}>
        {label}
      </label>
      {control(controlId)}
      {children}
    </div>
  );
}

/** A labelled input of the console's compact dialogs and forms. */
export function AdminTextField({
  label,
  id,
  children,
  ...input
}: AdminFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'children' | 'className'>) {
  return (
    <AdminField
      label={label}
      id={id}
      control={(controlId) => <input id={controlId} className="admin-input" {...input} />}
    >
      {children}
    </AdminField>
  );
}

/** The same for several lines: the memos and reasons that go to the audit log. */
export function AdminTextArea({
  label,
  id,
  children,
  ...textarea
}: AdminFieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'children' | 'className'>) {
  return (
    <AdminField
      label={label}
      id={id}
      control={(controlId) => <textarea id={controlId} className="admin-input" {...textarea} />}
    >
      {children}
    </AdminField>
  );
}
