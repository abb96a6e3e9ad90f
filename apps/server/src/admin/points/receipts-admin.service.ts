import {
  ChargeStatus,
  csvFileName,
  formatBusinessNumber,
  formatPhoneNumber,
  formatSeoulDateTime,
  isReceiptKind,
  PAYMENT_KIND_LABELS,
  RECEIPT_DETAIL_LABELS,
  RECEIPT_MESSAGES,
  RECEIPT_STATUS_LABELS,
  toCsv,
  type CsvColumn,
  type PaymentKind,
} from '@smm/domain';
import type {
  IssueReceiptResponse,
  ReceiptItem,
  ReceiptsQuery,
  ReceiptsResponse,
} from '@smm/domain/contract';
import { auditLogRepository } from '../../audit/audit-log.repository';
import type { Db, Tx } from '../../db/database';
import { appError } from '../../errors/app-error';
import { chargesRepository, type ReceiptFilter } from '../../points/charges.repository';
import type { Clock } from '../../shared/clock';
import { CHARGE_ADMIN_MESSAGES } from './charges-admin.service';
import { presentReceipt } from './receipts.presenter';

const PAGE_SIZE = 50;
/** One export holds at most this many rows (years of a small panel's receipts). */
const CSV_MAX_ROWS = 20_000;

const time = (iso: string | null) => (iso ? formatSeoulDateTime(iso) : '');
const detail = (field: keyof typeof RECEIPT_DETAIL_LABELS) => (row: ReceiptItem) => row.details[field] ?? '';

/** The export's columns: what 홈택스 asks for, in its words, then the panel's own bookkeeping. */
const RECEIPT_CSV_COLUMNS: CsvColumn<ReceiptItem>[] = [
  { header: '충전 번호', value: (r) => r.chargeId },
  { header: '증빙 종류', value: (r) => PAYMENT_KIND_LABELS[r.kind] },
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
 * on 홈택스; the console lists what is still to do, exports it, and records who marked what issued.
 */
export class ReceiptsAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async list(query: ReceiptsQuery): Promise<ReceiptsResponse> {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await chargesRepository.receiptPage(this.db, filterOf(query), PAGE_SIZE, offset);
    return { items: rows.map(presentReceipt), page: query.page, pageSize: PAGE_SIZE, total };
  }

  /** Every receipt of the list (not one page) as a CSV file that Korean Excel opens as it is. */
  async csv(query: ReceiptsQuery): Promise<{ fileName: string; text: string }> {
    const { rows } = await chargesRepository.receiptPage(this.db, filterOf(query), CSV_MAX_ROWS, 0);
    const kind = query.kind === undefined ? '증빙' : PAYMENT_KIND_LABELS[query.kind as PaymentKind];
    const label = `${kind}_${RECEIPT_STATUS_LABELS[query.status]}`.replace(/\s+/g, '');
    return {
      fileName: csvFileName(label, this.clock.now()),
      text: toCsv(RECEIPT_CSV_COLUMNS, rows.map(presentReceipt)),
    };
  }

  /**
   * Marks a credited charge's receipt issued. Issuing an issued one changes nothing; a charge not
   * credited, or that asked for no receipt, is refused (409).
   */
  issue(operatorId: number, chargeId: number, memo: string): Promise<IssueReceiptResponse> {
    return this.db.transaction(async (tx) => {
      const charge = await chargesRepository.lockById(tx, chargeId);
      if (!charge) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.CHARGE_NOT_FOUND);
      if (charge.status !== ChargeStatus.SUCCESS)
        throw appError('CHARGE_STATE', RECEIPT_MESSAGES.NOT_CREDITED);
      if (!isReceiptKind(charge.feeType)) throw appError('CHARGE_STATE', RECEIPT_MESSAGES.NOT_REQUESTED);
      const before = await this.present(tx, chargeId);
      if (charge.receiptIssuedAt) return { receipt: before, changed: false };
      await chargesRepository.markReceiptIssued(tx, chargeId, this.clock.now(), operatorId);
      const after = await this.present(tx, chargeId);
      await auditLogRepository.record(tx, {
        operatorId,
        action: 'receipt.issue',
        targetType: 'charge',
        targetId: chargeId,
        before,
        after,
        memo: memo.trim(),
      });
      return { receipt: after, changed: true };
    });
  }

  private async present(tx: Tx, chargeId: number): Promise<ReceiptItem> {
    const row = await chargesRepository.receiptById(tx, chargeId);
    if (!row) throw appError('NOT_FOUND', CHARGE_ADMIN_MESSAGES.CHARGE_NOT_FOUND);
    return presentReceipt(row);
  }
}

function filterOf(query: ReceiptsQuery): ReceiptFilter {
  return { issued: query.status === 'done', kind: query.kind as PaymentKind | undefined };
}
