import { HISTORY_PAGE_SIZE, type ChargeStatus, type ReceiptKind } from '@smm/domain';
import type {
  AdminChargesQuery,
  AdminChargesResponse,
  AdminDepositsQuery,
  AdminDepositsResponse,
} from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { presentAdminCharge, presentAdminDeposit } from '../../points/charges.presenter';
import { pointsAdminRepository } from './points-admin.repository';

const PAGE_SIZE = HISTORY_PAGE_SIZE * 5;

type DepositRow = Parameters<typeof presentAdminDeposit>[0];

/**
 * The console's lists of charges and deposits. The operator's decisions on them (accept,
 * reject, attach a held deposit) are the points domain's: points/charge-decisions.ts.
 */
export class ChargesAdminService {
  constructor(private readonly db: Db) {}

  async charges(query: AdminChargesQuery): Promise<AdminChargesResponse> {
    const offset = (query.page - 1) * PAGE_SIZE;
    const filter = {
      status: query.status as ChargeStatus | undefined,
      receiptKind: query.feeType as ReceiptKind | undefined,
      search: query.q,
    };
    const { rows, total } = await pointsAdminRepository.chargesPage(this.db, filter, PAGE_SIZE, offset);
    return { items: rows.map(presentAdminCharge), page: query.page, pageSize: PAGE_SIZE, total };
  }

  async deposits(query: AdminDepositsQuery): Promise<AdminDepositsResponse> {
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await pointsAdminRepository.depositsPage(
      this.db,
      query.status,
      PAGE_SIZE,
      offset,
    );
    const originalIds = rows.flatMap((row) => (row.duplicateOf === null ? [] : [row.duplicateOf]));
    const originals = new Map(
      (await pointsAdminRepository.depositsByIds(this.db, originalIds)).map((row) => [row.id, row]),
    );
    const memos = await pointsAdminRepository.operatorDepositMemos(
      this.db,
      [...rows, ...originals.values()].flatMap((row) => (row.source === 'operator' ? [row.id] : [])),
    );
    const present = (row: DepositRow) => ({
      ...presentAdminDeposit(row),
      memo: row.source === 'operator' ? (memos.get(row.id) ?? '') : null,
    });
    const items = rows.map((row) => {
      const original = row.duplicateOf === null ? undefined : originals.get(row.duplicateOf);
      return { ...present(row), original: original ? present(original) : null };
    });
    return { items, page: query.page, pageSize: PAGE_SIZE, total };
  }
}
