import { useEffect, useRef, useState, type RefObject } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { CSV_MIME, csvFileName, toCsv, type CsvColumn } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { saveTextFile } from '@/lib/download';
import { AdminStatus } from './admin-page';
import { ColumnChooser, useColumnVisibility, type ColumnChooserOptions } from './data-table-columns';
import './data-table.css';

export type { ColumnDef };

/**
 * A row's action buttons (a column with the id 'actions') stay pinned to the right edge while a wide
 * table scrolls sideways, so an operator never has to scroll to find 수정 or 수락.
 */
const STICKY_COLUMN_IDS = new Set(['actions']);
/**
 * The width the other columns keep beside a pinned 작업 column. A frame narrower than that and the
 * column (a phone) does not pin it: pinned, it would leave a slit through which headers and product
 * names could only be read a few letters at a time; unpinned, the row scrolls to its buttons.
 */
export const MIN_UNPINNED_ROOM = 240;
/**
 * A table at most this much wider than its frame (1 / 0.85: some 18%) is narrowed to fit (every column in proportion), so
 * no column lies half under the pinned 작업 column with its header cut at the edge; a wider one
 * scrolls sideways as it is.
 */
export const FIT_MIN_SCALE = 0.85;

export interface DataTableProps<Row> {
  /** Names the table for assistive technology ("충전 신청 목록"). */
  label: string;
  columns: ColumnDef<Row, never>[];
  rows: Row[] | undefined;
  isLoading?: boolean;
  isError?: boolean;
  emptyText?: string;
  /** A stable key for a row (its id). */
  rowId: (row: Row) => string;
  /** "CSV 내보내기" of the rows shown, with Korean headers (packages/domain toCsv). */
  csv?: { label: string; columns: CsvColumn<Row>[] };
  /**
   * Server-side sorting: the table reports the clicked column and direction instead of sorting the page
   * it holds. Without it, the rows shown are sorted in the browser.
   */
  sorting?: { state: SortingState; onChange: (next: SortingState) => void };
  /**
   * 열 선택: the operator shows or hides columns (remembered in this browser). Columns with
   * enableHiding false always show.
   */
  columnChooser?: ColumnChooserOptions;
}

/** Which edges of the frame have more of the table beyond them (the sideways-scroll cue), and its width. */
function useScrollEdges(frame: RefObject<HTMLDivElement | null>) {
  const [edges, setEdges] = useState({ start: false, end: false, width: 0 });
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const start = element.scrollLeft > 1;
      const end = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      const width = element.clientWidth;
      setEdges((current) =>
        current.start === start && current.end === end && current.width === width
          ? current
          : { start, end, width },
      );
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    const table = element.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [frame]);
  return edges;
}

/**
 * The console's table (@tanstack/react-table): sortable headers, widths the operator can drag, CSV
 * export, an optional 열 선택 (column visibility, remembered), and one loading / error / empty line.
 * Wide tables scroll sideways inside their frame instead of widening the page, and a shade at the edge
 * (or along the pinned 작업 column) says there is more that way.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  isLoading,
  isError,
  emptyText,
  rowId,
  csv,
  sorting,
  columnChooser,
}: DataTableProps<Row>) {
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const frame = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(frame);
  // The width the table asks for with a given set of columns hidden (sizes as declared).
  const widthOf = (hidden: VisibilityState) =>
    columns.reduce((sum, column) => {
      const id = column.id ?? '';
      return hidden[id] === false ? sum : sum + (column.size ?? 140);
    }, 0);
  const columnState = useColumnVisibility(columnChooser, frame, widthOf);
  const table = useReactTable<Row>({
    data: rows ?? [],
    columns,
    getRowId: rowId,
    state: { sorting: sorting?.state ?? localSorting, columnVisibility: columnState.visibility },
    onColumnVisibilityChange: (updater) => {
      const next = typeof updater === 'function' ? updater(columnState.visibility) : updater;
      columnState.choose(next);
    },
    onSortingChange: (updater) => {
      const current = sorting?.state ?? localSorting;
      const next = typeof updater === 'function' ? updater(current) : updater;
      if (sorting) sorting.onChange(next);
      else setLocalSorting(next);
    },
    manualSorting: Boolean(sorting),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    columnResizeMode: 'onChange',
    defaultColumn: { minSize: 60, size: 140, maxSize: 800 },
  });
  const pinnedWidth = table
    .getVisibleLeafColumns()
    .filter((column) => STICKY_COLUMN_IDS.has(column.id))
    .reduce((sum, column) => sum + column.getSize(), 0);
  // Unmeasured (width 0: before layout, or a test's DOM): pinned, as on a wide screen.
  const pin = pinnedWidth > 0 && (edges.width === 0 || edges.width - pinnedWidth >= MIN_UNPINNED_ROOM);
  const total = table.getTotalSize();
  const scale =
    edges.width > 0 && total > edges.width && edges.width / total >= FIT_MIN_SCALE ? edges.width / total : 1;
  const fitted = (size: number) => Math.floor(size * scale);
  const stickyClass = (columnId: string) =>
    pin && STICKY_COLUMN_IDS.has(columnId) ? 'data-table-sticky-end' : undefined;

  return (
    <div className="data-table">
      {(csv || columnChooser) && (
        <div className="data-table-toolbar">
          {columnChooser && (
            <ColumnChooser
              table={table}
              chosen={columnState.chosen}
              onReset={() => columnState.choose(null)}
            />
          )}
          {csv && (
            <Button
              size="sm"
              variant="secondary"
              disabled={!rows || rows.length === 0}
              onClick={() =>
                saveTextFile(csvFileName(csv.label, new Date()), toCsv(csv.columns, rows ?? []), CSV_MIME)
              }
            >
              <Download size={14} aria-hidden />
              CSV 내보내기
            </Button>
          )}
        </div>
      )}
      {/*
        data-more-start / data-more-end: the table goes on past that edge of the frame; data-pinned-end:
        a pinned 작업 column stands at the right edge, which casts the shade there (data-table.css).
      */}
      <div
        className="data-table-frame"
        data-more-start={edges.start || undefined}
        data-more-end={edges.end || undefined}
        data-pinned-end={pin || undefined}
      >
        <div className="data-table-scroll" ref={frame}>
          <table aria-label={label} style={{ minWidth: fitted(total) }}>
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    return (
                      <th
                        key={header.id}
                        className={stickyClass(header.column.id)}
                        // The whole name on hover too, should a narrowed column still wrap it oddly.
                        title={
                          typeof header.column.columnDef.header === 'string'
                            ? header.column.columnDef.header
                            : undefined
                        }
                        style={{ width: fitted(header.getSize()) }}
                        aria-sort={
                          sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                        }
                      >
                        {header.isPlaceholder ? null : canSort ? (
                          <button
                            type="button"
                            className="data-table-sort"
                            onClick={header.column.getToggleSortingHandler()}
                          >
                            {flexRender(header.column.columnDef.header, header.getContext())}
                            {sorted === 'asc' ? (
                              <ArrowUp size={13} aria-hidden />
                            ) : sorted === 'desc' ? (
                              <ArrowDown size={13} aria-hidden />
                            ) : (
                              <ArrowUpDown size={13} aria-hidden className="data-table-sort-idle" />
                            )}
                          </button>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                        {header.column.getCanResize() && (
                          <div
                            role="separator"
                            aria-orientation="vertical"
                            aria-hidden
                            className={`data-table-resizer${header.column.getIsResizing() ? ' is-resizing' : ''}`}
                            onMouseDown={header.getResizeHandler()}
                            onTouchStart={header.getResizeHandler()}
                            onDoubleClick={() => header.column.resetSize()}
                          />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={stickyClass(cell.column.id)}
                      style={{ width: fitted(cell.column.getSize()) }}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      {isError ? (
        <AdminStatus kind="error" />
      ) : isLoading && !rows ? (
        <AdminStatus kind="loading" />
      ) : rows && rows.length === 0 ? (
        <AdminStatus kind="empty">{emptyText}</AdminStatus>
      ) : null}
    </div>
  );
}
