import { useMemo } from 'react';
import type { Category, Platform, Service } from '@smm/domain/contract';
import { usePlatforms } from '@/lib/catalog-api';
import { useCategories } from './get-categories';
import { useServices } from './get-services';

/** What the stepped order form chooses from: visible platforms, their categories and products. */
export interface Catalog {
  platforms: Platform[];
  categories: Category[];
  services: Service[];
}

/** The three catalog reads the order form chooses from, as one; only visible platforms. */
export function useCatalog(): { catalog: Catalog; isPending: boolean; isError: boolean } {
  const platforms = usePlatforms();
  const categories = useCategories();
  const services = useServices();
  const catalog = useMemo<Catalog>(
    () => ({
      platforms: (platforms.data ?? []).filter((p) => p.visible !== false),
      categories: categories.data ?? [],
      services: services.data ?? [],
    }),
    [platforms.data, categories.data, services.data],
  );
  return {
    catalog,
    isPending: platforms.isPending || categories.isPending || services.isPending,
    isError: platforms.isError || categories.isError || services.isError,
  };
}
