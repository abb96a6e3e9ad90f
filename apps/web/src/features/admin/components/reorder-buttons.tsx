import { ArrowDown, ArrowUp } from 'lucide-react';
import { moveId } from '@smm/domain';

/**
 * 위로 / 아래로 for one item of an ordered list (the first cannot go up, the last cannot go down):
 * sends the whole list's ids in the new order (the server wants exactly the full set).
 */
export function ReorderButtons({
  ids,
  index,
  label,
  disabled,
  onReorder,
}: {
  ids: readonly number[];
  index: number;
  /** The item's name, for the buttons' accessible names ("인스타그램 위로"). */
  label: string;
  disabled?: boolean;
  onReorder: (ids: number[]) => void;
}) {
  return (
    <span className="admin-reorder">
      <button
        type="button"
        className="admin-icon-button admin-reorder-button"
        aria-label={`${label} 위로`}
        title="위로"
        disabled={disabled || index === 0}
        onClick={() => onReorder(moveId(ids, index, -1))}
      >
        <ArrowUp size={15} aria-hidden />
      </button>
      <button
        type="button"
        className="admin-icon-button admin-reorder-button"
        aria-label={`${label} 아래로`}
        title="아래로"
        disabled={disabled || index === ids.length - 1}
        onClick={() => onReorder(moveId(ids, index, 1))}
      >
        <ArrowDown size={15} aria-hidden />
      </button>
    </span>
  );
}
