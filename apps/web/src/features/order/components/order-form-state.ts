import type { Catalog } from '../api/get-catalog';

export type { Catalog };

/** The form as typed: numbers stay text until submitted, so a half-typed value is never rewritten. */
export interface OrderFormState {
  platformId: number | null;
  categoryId: number | null;
  serviceId: number | null;
  link: string;
  amount: string;
  /** A Custom Comments service's comments, one a line; kept when the product changes, sent only for one. */
  comments: string;
  autoOrder: boolean;
  runs: string;
  interval: string;
}

export const EMPTY_ORDER_FORM: OrderFormState = {
  platformId: null,
  categoryId: null,
  serviceId: null,
  link: '',
  amount: '',
  comments: '',
  autoOrder: false,
  runs: '0',
  interval: '0',
};

export const categoriesOf = (catalog: Catalog, platformId: number | null) =>
  platformId === null ? [] : catalog.categories.filter((c) => c.platform === platformId);

export const servicesOf = (catalog: Catalog, categoryId: number | null) =>
  categoryId === null ? [] : catalog.services.filter((s) => s.categoryId === categoryId);

/**
 * The cascade and resets of the order form (docs/product.md#order-page): a product resets auto-order
 * (and with it runs and interval) and sets the quantity to its minimum; a category selects its first
 * product; a platform its first category.
 */
export function selectService(state: OrderFormState, catalog: Catalog, serviceId: number | null) {
  const service = catalog.services.find((s) => s.id === serviceId) ?? null;
  return {
    ...state,
    serviceId: service?.id ?? null,
    amount: service ? String(service.min) : '',
    autoOrder: false,
    runs: '0',
    interval: '0',
  };
}

export function selectCategory(state: OrderFormState, catalog: Catalog, categoryId: number | null) {
  const first = servicesOf(catalog, categoryId)[0];
  return selectService({ ...state, categoryId }, catalog, first?.id ?? null);
}

export function selectPlatform(state: OrderFormState, catalog: Catalog, platformId: number | null) {
  const first = categoriesOf(catalog, platformId)[0];
  return selectCategory({ ...state, platformId }, catalog, first?.id ?? null);
}

/** Ticking or unticking auto-order starts runs and interval over at 0 (docs/product.md#order-page). */
export const toggleAutoOrder = (state: OrderFormState, on: boolean): OrderFormState => ({
  ...state,
  autoOrder: on,
  runs: '0',
  interval: '0',
});

/** '' stays 0 (the rules then report it); anything else non-numeric becomes NaN, which the rules reject. */
export function numberOf(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : Number(trimmed);
}

/**
 * A platform picked before its categories (or a category before its products) arrived leaves the
 * cascade short: once the catalog has them, the first ones are selected as if picked just now.
 * Returns the same state when nothing is missing, so an effect can call it on every catalog change.
 */
export function completeSelection(state: OrderFormState, catalog: Catalog): OrderFormState {
  if (
    state.platformId !== null &&
    state.categoryId === null &&
    categoriesOf(catalog, state.platformId).length
  ) {
    return selectPlatform(state, catalog, state.platformId);
  }
  if (state.categoryId !== null && state.serviceId === null && servicesOf(catalog, state.categoryId).length) {
    return selectCategory(state, catalog, state.categoryId);
  }
  return state;
}
