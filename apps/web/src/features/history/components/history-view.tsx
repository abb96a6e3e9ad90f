import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { AlertTriangle, Inbox, LogIn } from 'lucide-react';
import {
  formatCount,
  HISTORY_PAGE_SIZE,
  isOrderLink,
  revealInvisibleCharacters,
  withParticle,
} from '@smm/domain';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/page';
import { lastPageOf, Pagination } from '@/components/ui/pagination';
import { paths } from '@/lib/paths';
import { LeaveSessionLink } from '@/lib/session/leave-session-link';
import { useNarrowScreen } from '@/lib/screen-width';
import '@/components/ui/record-cards.css';
import './history.css';

/** History screens show two page numbers each side of the current one (docs/product.md#order-histories). */
const HISTORY_PAGE_NEIGHBOURS = 2;

export interface StatusChip {
  label: string;
  /** undefined: every status (전체). */
  status: number | undefined;
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** 'num' right-aligns figures; 'wide' gives text room; 'actions' holds a row's buttons. */
  kind?: 'num' | 'wide' | 'nowrap' | 'actions';
  /** The name on a phone card where the header's unit would only repeat the ₩ of the value. */
  cardLabel?: string;
}

/**
 * Where a phone card puts a row's columns: status and amount on the first line, then the product, the
 * link, number and time, the quantities, and the row's buttons at the bottom.
 */
export interface CardLayout<T> {
  status: Column<T>;
  amount: Column<T>;
  title: Column<T>;
  link: Column<T>;
  meta: readonly Column<T>[];
  facts: readonly Column<T>[];
  actions: Column<T>;
}

export interface HistoryPage<T> {
  items: T[];
  total: number;
}

interface HistoryViewProps<T extends { id: number }> {
  title: string;
  description: string;
  /** Names the rows in the empty state and the table (주문, 자동주문). */
  noun: string;
  chips: readonly StatusChip[];
  status: number | undefined;
  onStatus: (status: number | undefined) => void;
  page: number;
  hrefFor: (page: number) => string;
  columns: readonly Column<T>[];
  card: CardLayout<T>;
  query: {
    data: HistoryPage<T> | undefined;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    isPlaceholderData: boolean;
    refetch: () => unknown;
  };
  /** A guest has no history: no query runs and the page explains why. */
  guest: boolean;
}

export function HistoryView<T extends { id: number }>(props: HistoryViewProps<T>) {
  const { title, description, noun, chips, status, onStatus, page, hrefFor, columns, card, query, guest } =
    props;
  const navigate = useNavigate();
  const narrow = useNarrowScreen();
  const lastPage = query.data ? lastPageOf(query.data.total, HISTORY_PAGE_SIZE) : undefined;
  // Past the last page (an old link, a hand-typed number): go to the last one, in place of this entry.
  const pastLast = !query.isPlaceholderData && lastPage !== undefined && page > lastPage;
  useEffect(() => {
    if (pastLast && lastPage !== undefined) void navigate(hrefFor(lastPage), { replace: true });
  }, [pastLast, lastPage, hrefFor, navigate]);

  return (
    <div className="page history-page">
      <PageHeader title={title} description={description} />
      {guest ? (
        <Card className="history-state">
          <LogIn size={32} aria-hidden />
          <p>로그인하면 {noun}내역을 볼 수 있어요</p>
          <span>둘러보기 모드에서는 {noun}내역이 없습니다. 로그인하거나 회원가입 후 이용해 주세요.</span>
          <LeaveSessionLink to={paths.login} className="btn btn-primary btn-md">
            로그인하러 가기
          </LeaveSessionLink>
        </Card>
      ) : (
        <Card className="history-card">
          <div className="history-chips" role="group" aria-label="상태 필터">
            {chips.map((chip) => (
              <button
                key={chip.label}
                type="button"
                className="history-chip"
                aria-pressed={chip.status === status}
                onClick={() => onStatus(chip.status)}
              >
                {chip.label}
              </button>
            ))}
          </div>
          {query.isError && !query.data ? (
            <div className="history-state" role="alert">
              <AlertTriangle size={32} aria-hidden />
              <p>{noun}내역을 불러오지 못했습니다</p>
              <span>잠시 후 다시 시도해 주세요.</span>
              <Button variant="outline" onClick={() => void query.refetch()}>
                다시 시도
              </Button>
            </div>
          ) : query.isPending || pastLast ? (
            <div className="history-skeleton" aria-busy="true" aria-label={`${noun}내역을 불러오는 중`}>
              {Array.from({ length: 5 }, (_, i) => (
                <span key={i} />
              ))}
            </div>
          ) : query.data && query.data.items.length === 0 ? (
            <div className="history-state">
              <Inbox size={32} aria-hidden />
              <p>
                {status === undefined
                  ? `${noun}내역이 없습니다`
                  : `이 상태의 ${withParticle(noun, '이/가')} 없습니다`}
              </p>
              <span>
                {status === undefined
                  ? '주문하기에서 첫 주문을 넣어 보세요.'
                  : '다른 상태를 선택하거나 전체를 눌러 보세요.'}
              </span>
            </div>
          ) : (
            query.data && (
              <>
                <p className="history-count">
                  총 <strong>{formatCount(query.data.total)}</strong>건
                </p>
                {narrow ? (
                  <HistoryCards
                    rows={query.data.items}
                    card={card}
                    label={`${noun}내역 목록`}
                    stale={query.isPlaceholderData}
                  />
                ) : (
                  <div
                    className="history-table-wrap"
                    role="region"
                    aria-label={`${noun}내역 표`}
                    tabIndex={0}
                    data-stale={query.isPlaceholderData || undefined}
                  >
                    <table className="history-table">
                      <thead>
                        <tr>
                          {columns.map((c) => (
                            <th key={c.header} scope="col" className={c.kind ? `col-${c.kind}` : undefined}>
                              {c.header}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {query.data.items.map((row) => (
                          <tr key={row.id}>
                            {columns.map((c) => (
                              <td key={c.header} className={c.kind ? `col-${c.kind}` : undefined}>
                                {c.cell(row)}
                              </td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
                <Pagination
                  page={page}
                  lastPage={lastPage ?? 1}
                  hrefFor={hrefFor}
                  neighbours={HISTORY_PAGE_NEIGHBOURS}
                  label={`${noun}내역 페이지`}
                />
              </>
            )
          )}
        </Card>
      )}
    </div>
  );
}

function HistoryCards<T extends { id: number }>(props: {
  rows: readonly T[];
  card: CardLayout<T>;
  label: string;
  stale: boolean;
}) {
  const { rows, card, label, stale } = props;
  return (
    <ul className="record-cards" aria-label={label} data-stale={stale || undefined}>
      {rows.map((row) => (
        <li key={row.id} className="record-card">
          <div className="record-card-head">
            <div className="history-item-status">{card.status.cell(row)}</div>
            <p className="record-card-amount">
              <span>{card.amount.cardLabel ?? card.amount.header}</span>
              <strong>{card.amount.cell(row)}</strong>
            </p>
          </div>
          <p className="history-item-title">{card.title.cell(row)}</p>
          <div className="history-item-link">{card.link.cell(row)}</div>
          <CardFacts className="history-item-meta" columns={card.meta} row={row} />
          <CardFacts className="history-item-facts" columns={card.facts} row={row} />
          <div className="history-item-actions">{card.actions.cell(row)}</div>
        </li>
      ))}
    </ul>
  );
}

function CardFacts<T>({
  className,
  columns,
  row,
}: {
  className: string;
  columns: readonly Column<T>[];
  row: T;
}) {
  return (
    <dl className={className} data-count={columns.length}>
      {columns.map((c) => (
        <div key={c.header}>
          <dt>{c.cardLabel ?? c.header}</dt>
          <dd>{c.cell(row)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A member's order link: a link that opens in a new tab when it is an http(s) address, else text. */
/**
 * The member's own link: clickable only when it is an order link (http(s), no invisible characters:
 * docs/product.md#order-rules); otherwise text, with such a character shown as its code point.
 */
export function OrderLink({ href }: { href: string }) {
  if (!isOrderLink(href)) return <span className="history-link">{revealInvisibleCharacters(href)}</span>;
  return (
    <a className="history-link" href={href} target="_blank" rel="noopener noreferrer nofollow" title={href}>
      {href}
    </a>
  );
}

export type StatusTone = 'wait' | 'run' | 'done' | 'fail';

export function StatusBadge({ label, tone }: { label: string; tone: StatusTone }) {
  return <span className={`status-badge status-${tone}`}>{label}</span>;
}
