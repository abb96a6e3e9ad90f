import { ArrowDown, ArrowUp } from 'lucide-react';

/** 위로 / 아래로 for one row of an ordered list (the first cannot go up, the last cannot go down). */
export function MoveButtons({
  label,
  index,
  count,
  disabled,
  onMove,
}: {
  /** The row's name, so the buttons read '충전 질문 위로'. */
  label: string;
  index: number;
  count: number;
  disabled?: boolean;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <span className="content-move">
      <button
        type="button"
        className="admin-icon-button content-move-button"
        aria-label={`${label} 위로`}
        title="위로"
        disabled={disabled || index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp size={16} aria-hidden />
      </button>
      <button
        type="button"
        className="admin-icon-button content-move-button"
        aria-label={`${label} 아래로`}
        title="아래로"
        disabled={disabled || index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown size={16} aria-hidden />
      </button>
    </span>
  );
}
