import { maskProviderKey } from '@smm/domain';
import type { AdminCategory, AdminPlatform, AdminProvider, AdminService } from '@smm/domain/contract';
import type { CategoryRow, PlatformRow, ProviderRow, ServiceRow } from './catalog-admin.repository';

/** A provider for the console and the audit log alike: the key only ever masked. */
export const presentProvider = (row: ProviderRow, serviceCount: number): AdminProvider => ({
  id: row.id,
  name: row.name,
  apiUrl: row.apiUrl,
  maskedKey: maskProviderKey(row.apiKey),
  enabled: row.enabled,
  serviceCount,
  createdAt: row.createdAt.toISOString(),
});

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
  enableAuto: row.service.enableAuto,
  isReadOnly: row.service.isReadOnly,
  visible: row.service.visible,
  providerId: row.service.providerId,
  providerName: row.providerName,
  providerServiceId: row.service.providerServiceId,
  sortOrder: row.service.sortOrder,
});
