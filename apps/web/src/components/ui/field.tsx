import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import './ui.css';

interface FieldFrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  children: ReactNode;
  /** Rendered to the right of the control (a send-code button, say). */
  addon?: ReactNode;
}

function FieldFrame({ id, label, hint, optional, children, addon }: FieldFrameProps) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {optional && <span className="field-optional">선택</span>}
      <div className={addon ? 'field-row' : undefined}>
        {children}
        {addon}
      </div>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  addon?: ReactNode;
}

/** A labelled input: the <label htmlFor> ties the Korean label to the control for getByLabel. */
export function TextField({ label, hint, optional, addon, className, ...rest }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} optional={optional} addon={addon}>
      <input
        id={id}
        className={['input', className].filter(Boolean).join(' ')}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  hint?: ReactNode;
}

export function SelectField({ label, hint, className, children, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint}>
      <select id={id} className={['input', 'select', className].filter(Boolean).join(' ')} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
}

export function Checkbox({ label, ...rest }: CheckboxProps) {
  const id = useId();
  return (
    <span className="checkbox">
      <input id={id} type="checkbox" {...rest} />
      <label htmlFor={id}>{label}</label>
    </span>
  );
}
