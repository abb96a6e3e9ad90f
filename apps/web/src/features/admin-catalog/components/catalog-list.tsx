import { Pencil, Trash2 } from 'lucide-react';
import { ReorderButtons } from '@/features/admin/components/reorder-buttons';

/** 노출 / 숨김 as a chip the operator presses to switch it (platforms and services). */
export function VisibleToggle({
  text,
  visible,
  disabled,
  onToggle,
}: {
  /** The item's name, for the accessible name ("인스타그램 노출"). */
  text: string;
  visible: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={`admin-chip catalog-chip-button ${visible ? 'admin-chip-success' : 'admin-chip-muted'}`}
      aria-pressed={visible}
      aria-label={`${text} 노출`}
      disabled={disabled}
      onClick={onToggle}
    >
      {visible ? '노출' : '숨김'}
    </button>
  );
}

/**
 * One of the screen's ordered lists (platforms, categories): each row selects its item, shows its
 * count, optionally its swatch and 노출 switch, and has 위로/아래로, 수정 and 삭제.
 */
export function CatalogList<T extends { id: number; text: string }>({
  label,
  items,
  selectedId,
  onSelect,
  count,
  swatch,
  visibility,
  reorderDisabled,
  onReorder,
  onEdit,
  onDelete,
}: {
  label: string;
  items: T[];
  selectedId: number | undefined;
  onSelect: (item: T) => void;
  /** e.g. "상품 12". */
  count: (item: T) => string;
  /** The item's color, shown before its name. */
  swatch?: (item: T) => string;
  visibility?: { isVisible: (item: T) => boolean; disabled: boolean; onToggle: (item: T) => void };
  reorderDisabled: boolean;
  onReorder: (ids: number[]) => void;
  onEdit: (item: T) => void;
  onDelete: (item: T) => void;
}) {
  const ids = items.map((item) => item.id);
  return (
    <ul className="catalog-list" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id} className={`catalog-item${item.id === selectedId ? ' is-selected' : ''}`}>
          <button
            type="button"
            className="catalog-item-select"
            aria-pressed={item.id === selectedId}
            onClick={() => onSelect(item)}
          >
            {swatch && <span className="catalog-swatch" style={{ background: swatch(item) }} aria-hidden />}
            <span className="catalog-item-text" title={item.text}>
              {item.text}
            </span>
            <span className="catalog-muted">{count(item)}</span>
          </button>
          {visibility && (
            <VisibleToggle
              text={item.text}
              visible={visibility.isVisible(item)}
              disabled={visibility.disabled}
              onToggle={() => visibility.onToggle(item)}
            />
          )}
          <ReorderButtons
            ids={ids}
            index={index}
            label={item.text}
            disabled={reorderDisabled}
            onReorder={onReorder}
          />
          <button
            type="button"
            className="admin-icon-button catalog-icon-button"
            aria-label={`${item.text} 수정`}
            title="수정"
            onClick={() => onEdit(item)}
          >
            <Pencil size={15} aria-hidden />
          </button>
          <button
            type="button"
            className="admin-icon-button catalog-icon-button"
            aria-label={`${item.text} 삭제`}
            title="삭제"
            onClick={() => onDelete(item)}
          >
            <Trash2 size={15} aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
