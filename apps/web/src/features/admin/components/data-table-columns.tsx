import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { Table, VisibilityState } from '@tanstack/react-table';
import { Columns3 } from 'lucide-react';
import { Button } from '@/components/ui/button';

export interface ColumnChooserOptions {
  /** localStorage key of the operator's choice, one per table ("smm.admin.orders.columns"). */
  storageKey: string;
  /**
   * Until the operator chooses, these columns are hidden, in this order, as many as it takes for the
   * table to fit its frame (none on a wide screen); the operator's own choice then always wins.
   */
  hideFirst?: string[];
}

/** The operator's remembered choice, or null when there is none (or it cannot be read). */
function readChoice(key: string): VisibilityState | null {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const choice: VisibilityState = {};
    for (const [id, shown] of Object.entries(parsed)) if (typeof shown === 'boolean') choice[id] = shown;
    return choice;
  } catch {
    return null;
  }
}

function writeChoice(key: string, choice: VisibilityState | null) {
  try {
    if (choice) localStorage.setItem(key, JSON.stringify(choice));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or refused (a private window): the choice lasts for this page only.
  }
}

/**
 * Which columns show: the remembered choice, or else the fitted default (hideFirst, dropped one by one
 * while the shown columns are wider than the frame). Recomputed when the frame is resized, until the
 * operator makes a choice.
 */
export function useColumnVisibility(
  options: ColumnChooserOptions | undefined,
  frame: RefObject<HTMLElement | null>,
  widthOf: (visibility: VisibilityState) => number,
) {
  const key = options?.storageKey;
  const [choice, setChoice] = useState<VisibilityState | null>(() => (key ? readChoice(key) : null));
  const [fitted, setFitted] = useState<VisibilityState>({});
  const hideFirst = options?.hideFirst?.join(',') ?? '';
  const widthRef = useRef(widthOf);
  widthRef.current = widthOf;

  useEffect(() => {
    const element = frame.current;
    if (!element || choice || !hideFirst) return;
    const fit = () => {
      const available = element.clientWidth;
      // jsdom and a frame not laid out yet: nothing to fit, everything shows.
      if (available <= 0) return;
      const next: VisibilityState = {};
      for (const id of hideFirst.split(',')) {
        if (widthRef.current(next) <= available) break;
        next[id] = false;
      }
      setFitted((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [frame, choice, hideFirst]);

  const visibility = choice ?? fitted;
  const choose = (next: VisibilityState | null) => {
    if (key) writeChoice(key, next);
    setChoice(next);
  };
  return { visibility, chosen: choice !== null, choose } as const;
}

/**
 * 열 선택: a button that opens a list of the table's columns to show or hide. Columns that may not be
 * hidden (the row's number, its state, money, its actions: enableHiding false) are listed checked and
 * locked, so the operator sees that they stay. 기본값 forgets the choice.
 */
export function ColumnChooser<Row>({
  table,
  chosen,
  onReset,
}: {
  table: Table<Row>;
  chosen: boolean;
  onReset: () => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const columns = table.getAllLeafColumns();
  const hidden = columns.filter((column) => !column.getIsVisible()).length;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        root.current?.querySelector<HTMLButtonElement>('.data-table-columns-toggle')?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="data-table-columns" ref={root}>
      <Button
        size="sm"
        variant="secondary"
        className="data-table-columns-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <Columns3 size={14} aria-hidden />열 선택{hidden > 0 ? ` (${hidden}개 숨김)` : ''}
      </Button>
      {open && (
        <div className="data-table-columns-panel" id={panelId} role="group" aria-label="표시할 열">
          <ul>
            {columns.map((column) => {
              const header = column.columnDef.header;
              const label = typeof header === 'string' ? header : column.id;
              const locked = !column.getCanHide();
              return (
                <li key={column.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={column.getIsVisible()}
                      disabled={locked}
                      onChange={(event) => column.toggleVisibility(event.target.checked)}
                    />
                    {label}
                    {locked && <span className="data-table-columns-locked"> (항상 표시)</span>}
                  </label>
                </li>
              );
            })}
          </ul>
          <Button size="sm" variant="ghost" disabled={!chosen} onClick={onReset}>
            기본값으로
          </Button>
        </div>
      )}
    </div>
  );
}
