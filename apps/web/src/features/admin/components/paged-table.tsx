import { formatCount } from '@smm/domain';
import { lastPageOf, Pagination } from '@/components/ui/pagination';
import { DataTable, type DataTableProps } from './data-table';

/** One page of a list as the console's list endpoints answer it. */
export interface TablePage<Row> {
  items: Row[];
  total: number;
  pageSize: number;
}

export interface PagedTableProps<Row> extends Omit<DataTableProps<Row>, 'rows'> {
  /** The page shown; undefined while it loads. */
  data: TablePage<Row> | undefined;
  /** The page number asked for (from the URL). */
  page: number;
  /** Where page `n` lives ('?status=1&page=3'). */
  hrefFor: (page: number) => string;
  /** How the count above the table reads, given the formatted total ('12건' by default); null: no count. */
  countText?: ((total: string) => string) | null;
  /** Names the pagination's navigation landmark. */
  pageLabel?: string;
}

/**
 * The console's list pattern: how many rows match, the table of this page, and the page links. A list
 * screen puts its filters above it (an AdminSection) and its page in the URL (`page`, `hrefFor`).
 */
export function PagedTable<Row>({
  data,
  page,
  hrefFor,
  countText = (total) => `${total}건`,
  pageLabel,
  ...table
}: PagedTableProps<Row>) {
  return (
    <>
      {countText && (
        <p className="admin-table-count" aria-live="polite">
          {data ? countText(formatCount(data.total)) : ''}
        </p>
      )}
      <DataTable {...table} rows={data?.items} />
      {data && (
        <Pagination
          page={page}
          lastPage={lastPageOf(data.total, data.pageSize)}
          hrefFor={hrefFor}
          label={pageLabel}
        />
      )}
    </>
  );
}
