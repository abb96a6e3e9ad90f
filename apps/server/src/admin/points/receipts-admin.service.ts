import {
  csvFileName,
  formatBusinessNumber,
  formatPhoneNumber,
  formatSeoulDateTime,
  RECEIPT_KIND_LABELS,
  RECEIPT_DETAIL_LABELS,
  RECEIPT_STATUS_LABELS,
  toCsv,
  type CsvColumn,
  type ReceiptKind,
} from '@smm/domain';
import type { ReceiptItem, ReceiptsQuery, ReceiptsResponse } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { presentReceipt } from '../../points/receipts.presenter';
import type { Clock } from '../../shared/clock';
import { pointsAdminRepository, type ReceiptFilter } from './points-admin.repository';

const PAGE_SIZE = 50;
/** One export holds at most this many rows (years of a small panel's receipts). */
const CSV_MAX_ROWS = 20_000;

const time = (iso: string | null) => (iso ? formatSeoulDateTime(iso) : '');
const detail = (field: keyof typeof RECEIPT_DETAIL_LABELS) => (row: ReceiptItem) => row.details[field] ?? '';

/** The export's columns: what 홈택스 asks for, in its words, then the panel's own bookkeeping. */
const RECEIPT_CSV_COLUMNS: CsvColumn<ReceiptItem>[] = [
  { header: '충전 번호', value: (r) => r.chargeId },
  { header: '증빙 종류', value: (r) => RECEIPT_KIND_LABELS[r.kind] },
  { header: '입금 확인 일시', value: (r) => time(r.creditedAt) },
  { header: '회원 아이디', value: (r) => r.memberLoginId },
  { header: '입금자명', value: (r) => r.depositorName },
  { header: RECEIPT_DETAIL_LABELS.company, value: detail('company') },
  {
    header: RECEIPT_DETAIL_LABELS.businessNumber,
    value: (r) => formatBusinessNumber(r.details.businessNumber ?? ''),
  },
  { header: RECEIPT_DETAIL_LABELS.leader, value: detail('leader') },
  { header: RECEIPT_DETAIL_LABELS.jobType, value: detail('jobType') },
  { header: RECEIPT_DETAIL_LABELS.jobType2, value: detail('jobType2') },
  { header: RECEIPT_DETAIL_LABELS.address, value: detail('address') },
  { header: RECEIPT_DETAIL_LABELS.email, value: detail('email') },
  { header: RECEIPT_DETAIL_LABELS.phone, value: (r) => formatPhoneNumber(r.details.phone ?? '') },
  { header: '공급가액', value: (r) => r.supplyAmount },
  { header: '부가세', value: (r) => r.vatAmount },
  { header: '합계', value: (r) => r.totalAmount },
  { header: '처리 상태', value: (r) => (r.issuedAt ? '발행 완료' : '미처리') },
  { header: '발행 처리 일시', value: (r) => time(r.issuedAt) },
  { header: '처리자', value: (r) => r.issuedBy ?? '' },
];

/**
 * Tax invoices and cash receipts asked for with credited charges. The documents themselves are issued
 * on 홈택스; the console lists what is still to do and exports it. Marking one issued is the points
 * domain's (ReceiptsService in points/receipts.ts).
 */
export class ReceiptsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(query: ReceiptsQuery): Promise<ReceiptsResponse> {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await pointsAdminRepository.receiptPage(
      this.db,
      filterOf(query),
      PAGE_SIZE,
      offset,
    );
    return { items: rows.map(presentReceipt), page: query.page, pageSize: PAGE_SIZE, total };
  }

  /** Every receipt of the list (not one page) as a CSV file that Korean Excel opens as it is. */
  async csv(query: ReceiptsQuery): Promise<{ fileName: string; text: string }> {
    const { rows } = await pointsAdminRepository.receiptPage(this.db, filterOf(query), CSV_MAX_ROWS, 0);
    const kind = query.kind === undefined ? '증빙' : RECEIPT_KIND_LABELS[query.kind as ReceiptKind];
    const label = `${kind}_${RECEIPT_STATUS_LABELS[query.status]}`.replace(/\s+/g, '');
    return {
      fileName: csvFileName(label, this.clock.now()),
      text: toCsv(RECEIPT_CSV_COLUMNS, rows.map(presentReceipt)),
    };
  }
}

function filterOf(query: ReceiptsQuery): ReceiptFilter {
  return { issued: query.status === 'done', kind: query.kind as ReceiptKind | undefined };
}
