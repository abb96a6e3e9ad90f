import { useState } from 'react';
import {
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { CSV_MIME, csvFileName, toCsv, type CsvColumn } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { saveTextFile } from '@/lib/download';
import { AdminStatus } from './admin-page';

export type { ColumnDef };

/**
 * A row's action buttons (a column with the id 'actions') stay pinned to the right edge while a wide
 * table scrolls sideways, so an operator never has to scroll to find 수정 or 수락.
 */
const STICKY_COLUMN_IDS = new Set(['actions']);
const stickyClass = (columnId: string) =>
  STICKY_COLUMN_IDS.has(columnId) ? 'data-table-sticky-end' : undefined;

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
}

/**
 * The console's table (@tanstack/react-table): sortable headers, widths the operator can drag, CSV
 * export, and one loading / error / empty line. Wide tables scroll sideways inside their frame on a
 * phone instead of widening the page.
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
}: DataTableProps<Row>) {
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const table = useReactTable<Row>({
    data: rows ?? [],
    columns,
    getRowId: rowId,
    state: { sorting: sorting?.state ?? localSorting },
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

  return (
    <div className="data-table">
      {csv && (
        <div className="data-table-toolbar">
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
        </div>
      )}
      <div className="data-table-scroll">
        <table aria-label={label} style={{ minWidth: table.getTotalSize() }}>
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
                      style={{ width: header.getSize() }}
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
                    style={{ width: cell.column.getSize() }}
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
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
