import { ADMIN_ORDER_MESSAGES, seoulDayRange } from '@smm/domain';
import type {
  AdminAutoOrdersQuery,
  AdminAutoOrdersResponse,
  AdminOrdersQuery,
  AdminOrdersResponse,
  AdminRefillsQuery,
  AdminRefillsResponse,
} from '@smm/domain/contract';
import type { Db } from '../../db/database';
import { appError } from '../../errors/app-error';
import { presentAdminAutoOrder, presentAdminOrder } from '../../orders/history/operator-orders.presenter';
import { presentAdminRefill } from '../../orders/refills/operator-refills.presenter';
import { ordersAdminRepository, type ListPaging, type OrderListFilter } from './orders-admin.repository';

const m = ADMIN_ORDER_MESSAGES;

type ListQuery = Pick<
  AdminOrdersQuery,
  'member' | 'memberMatch' | 'serviceId' | 'link' | 'from' | 'to' | 'sort' | 'order' | 'page' | 'pageSize'
> & { status?: number };

/**
 * The console's read model of orders: search every member's orders and auto-orders. What
 * an operator does to them (resend, cancel, partial, stop an auto-order) is orders/operator-actions.ts.
 */
export class OrdersAdminService {
  constructor(private readonly db: Db) {}

  async orders(query: AdminOrdersQuery): Promise<AdminOrdersResponse> {
    const filter: OrderListFilter = {
      ...this.filterOf(query),
      ...(query.providerOrderId ? { providerOrderId: query.providerOrderId } : {}),
      ...(query.hasError ? { hasError: query.hasError === 'true' } : {}),
      ...(query.cancelRequested ? { cancelRequested: query.cancelRequested === 'true' } : {}),
      ...(query.chargeExceedsPaid ? { chargeExceedsPaid: query.chargeExceedsPaid === 'true' } : {}),
      ...(query.providerId !== undefined ? { providerId: query.providerId } : {}),
    };
    const { rows, total } = await ordersAdminRepository.orderPage(this.db, filter, this.pagingOf(query));
    const refills = await ordersAdminRepository.latestRefills(
      this.db,
      rows.map((row) => row.order.id),
    );
    const latest = new Map(refills.map((refill) => [refill.orderId, refill]));
    const items = rows.map((row) => {
      const refill = latest.get(row.order.id);
      return {
        ...presentAdminOrder(row),
        latestRefill: refill ? { id: refill.id, status: refill.status } : null,
      };
    });
    return { items, page: query.page, pageSize: query.pageSize, total };
  }

  /** Every member's refills (docs/product.md#refill-and-cancellation), newest first. */
  async refills(query: AdminRefillsQuery): Promise<AdminRefillsResponse> {
    const q = query.q?.trim();
    const { rows, total } = await ordersAdminRepository.refillPage(
      this.db,
      { ...(query.status !== undefined ? { status: query.status } : {}), ...(q ? { q } : {}) },
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return { items: rows.map(presentAdminRefill), page: query.page, pageSize: query.pageSize, total };
  }

  async autoOrders(query: AdminAutoOrdersQuery): Promise<AdminAutoOrdersResponse> {
    const { rows, total } = await ordersAdminRepository.autoOrderPage(
      this.db,
      this.filterOf(query),
      this.pagingOf(query),
    );
    return { items: rows.map(presentAdminAutoOrder), page: query.page, pageSize: query.pageSize, total };
  }

  private filterOf(query: ListQuery): OrderListFilter {
    const range = seoulDayRange(query.from, query.to);
    if (!range) throw appError('BAD_REQUEST', m.DATE_INVALID);
    if (range.start && range.end && range.start >= range.end) throw appError('BAD_REQUEST', m.DATE_ORDER);
    return {
      memberMatch: query.memberMatch,
      ...(query.member ? { member: query.member.trim() } : {}),
      ...(query.serviceId !== undefined ? { serviceId: query.serviceId } : {}),
      ...(query.status !== undefined ? { status: query.status } : {}),
      ...(query.link ? { link: query.link.trim() } : {}),
      ...range,
    };
  }

  private pagingOf(query: ListQuery): ListPaging {
    return {
      sort: query.sort,
      order: query.order,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    };
  }
}
