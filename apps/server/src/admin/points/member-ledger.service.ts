import { POINT_ADJUSTMENT_MESSAGES } from '@smm/domain';
import type { MemberLedgerQuery, MemberLedgerResponse } from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { appError } from '../../errors/app-error';
import { presentLedgerItem } from '../../ledger/ledger-item.presenter';
import { memberLedgerRepository } from './member-ledger.repository';

const PAGE_SIZE = 20;

/** A member's point ledger for the member page: every balance change, newest first, and the balance. */
export class MemberLedgerService {
  constructor(private readonly db: Db) {}

  async ledger(loginId: string, query: MemberLedgerQuery): Promise<MemberLedgerResponse> {
    const member = await memberLedgerRepository.member(this.db, loginId);
    if (!member) throw appError('NOT_FOUND', POINT_ADJUSTMENT_MESSAGES.MEMBER_NOT_FOUND);
    const offset = (query.page - 1) * PAGE_SIZE;
    const { rows, total } = await memberLedgerRepository.page(this.db, member.id, PAGE_SIZE, offset);
    return {
      loginId: member.loginId,
      balance: member.point,
      items: rows.map(presentLedgerItem),
      page: query.page,
      pageSize: PAGE_SIZE,
      total,
    };
  }
}
