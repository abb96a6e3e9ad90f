import { useId, type ReactNode } from 'react';
import { commentLines, formatCount } from '@smm/domain';
import type { Service } from '@smm/domain/contract';

// The order form's fields: the catalog's selects, a numbered step, a comments box and a number input.

/**
 * One select of the catalog cascade: the chosen id or none (the placeholder, shown while nothing is
 * chosen, or always when `alwaysOfferPlaceholder`); disabled while it has nothing to offer.
 */
export function CatalogSelect<T extends { id: number; text: string }>({
  id,
  value,
  placeholder,
  alwaysOfferPlaceholder = false,
  items,
  itemText = (item) => item.text,
  onPick,
}: {
  id: string;
  value: number | null;
  placeholder: string;
  alwaysOfferPlaceholder?: boolean;
  items: T[];
  itemText?: (item: T) => string;
  onPick: (id: number | null) => void;
}) {
  return (
    <select
      id={id}
      className="input select"
      value={value ?? ''}
      disabled={!alwaysOfferPlaceholder && items.length === 0}
      onChange={(e) => onPick(e.target.value ? Number(e.target.value) : null)}
    >
      {(alwaysOfferPlaceholder || value === null) && <option value="">{placeholder}</option>}
      {items.map((item) => (
        <option key={item.id} value={item.id}>
          {itemText(item)}
        </option>
      ))}
    </select>
  );
}

/** One numbered step (the number comes from a CSS counter) with its label tied to the control. */
export function Step({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <li className="order-step">
      <div className="order-step-body field">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        {children(id)}
      </div>
    </li>
  );
}

/** A Custom Comments service's comments: one a line, counted as typed against the service's min and max. */
export function CommentsField({
  id,
  service,
  disabled,
  value,
  onChange,
}: {
  id: string;
  service: Service;
  disabled: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  const count = commentLines(value).length;
  return (
    <>
      <textarea
        id={id}
        className="input comments-input"
        rows={6}
        disabled={disabled}
        placeholder={'댓글을 한 줄에 하나씩 입력하세요.\n예)\n사진 너무 예뻐요!\n분위기 최고네요 👍'}
        aria-describedby={`${id}-count`}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="field-hint" id={`${id}-count`} aria-live="polite">
        댓글 {formatCount(count)}개 · 최소 {formatCount(service.min)} · 최대 {formatCount(service.max)}
      </p>
    </>
  );
}

export function LabelledInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
