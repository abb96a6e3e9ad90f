import { MILLI_PER_WON, type ServiceType } from '@smm/domain';
import type { Category, Platform, Service } from '@smm/domain/contract';
import type { CategoryRow, PlatformRow, ServiceRow } from './catalog.repository';

/** Rows → the shapes of docs/product.md#data-shapes; internal columns (sort order, visibility) stay here. */
export const presentPlatform = (row: PlatformRow): Platform => ({
  id: row.id,
  text: row.text,
  visible: row.visible,
  bgColor: row.bgColor,
});

export const presentCategory = (row: CategoryRow): Category => ({
  id: row.id,
  platform: row.platformId,
  text: row.text,
});

export const presentService = (row: ServiceRow): Service => ({
  id: row.id,
  text: row.text,
  point: row.unitPriceMilli / MILLI_PER_WON,
  unitPriceMilli: row.unitPriceMilli,
  categoryId: row.categoryId,
  min: row.min,
  max: row.max,
  notice: row.notice,
  enableAuto: row.enableAuto,
  isReadOnly: row.isReadOnly,
  refillDays: row.refillDays,
  cancellable: row.cancellable,
  type: row.serviceType as ServiceType,
});
