import { pinnedFieldsOf, type ServiceType } from '@smm/domain';
import type { AdminCategory, AdminPlatform, AdminService } from '@smm/domain/contract';
import type { CategoryRow, PlatformRow, ServiceRow } from './catalog.repository';

/*
 * The catalog as the operator's console shows it, hidden rows included (the members' shape is
 * catalog.presenter.ts). Here because the catalog's writes answer and audit in this shape too
 * (catalog-editor.ts, docs/ARCHITECTURE.md#operator-console), and the console's read model
 * (admin/catalog) presents its lists with the same functions.
 */

export const presentPlatform = (row: PlatformRow, categoryCount: number): AdminPlatform => ({
  id: row.id,
  text: row.text,
  visible: row.visible,
  bgColor: row.bgColor,
  sortOrder: row.sortOrder,
  categoryCount,
});

export const presentCategory = (
  row: CategoryRow,
  platformText: string,
  serviceCount: number,
): AdminCategory => ({
  id: row.id,
  platformId: row.platformId,
  platformText,
  text: row.text,
  sortOrder: row.sortOrder,
  serviceCount,
});

export interface ServiceListRow {
  service: ServiceRow;
  categoryText: string;
  platformId: number;
  platformText: string;
  providerName: string | null;
  failoverProviderName: string | null;
}

export const presentService = (row: ServiceListRow): AdminService => ({
  id: row.service.id,
  categoryId: row.service.categoryId,
  categoryText: row.categoryText,
  platformId: row.platformId,
  platformText: row.platformText,
  text: row.service.text,
  unitPriceMilli: row.service.unitPriceMilli,
  min: row.service.min,
  max: row.service.max,
  notice: row.service.notice,
  refillDays: row.service.refillDays,
  cancellable: row.service.cancellable,
  type: row.service.serviceType as ServiceType,
  enableAuto: row.service.enableAuto,
  isReadOnly: row.service.isReadOnly,
  visible: row.service.visible,
  providerId: row.service.providerId,
  providerName: row.providerName,
  providerServiceId: row.service.providerServiceId,
  sortOrder: row.service.sortOrder,
  markupPercent: row.service.markupPercent,
  pricePinned: row.service.pricePinned,
  pinnedFields: pinnedFieldsOf(row.service.pinnedFields),
  syncDisabled: row.service.syncDisabled,
  failoverProviderId: row.service.failoverProviderId,
  failoverProviderName: row.failoverProviderName,
  failoverProviderServiceId: row.service.failoverProviderServiceId,
  failoverUnitCostMilli: row.service.failoverUnitCostMilli,
  failoverLossConfirmed: row.service.failoverLossConfirmed,
});
