import { describe, expect, it } from 'vitest';
import type { Catalog } from '../api/get-catalog';
import { completeSelection, EMPTY_ORDER_FORM, selectPlatform } from './order-form-state';

const platforms = [{ id: 1, text: '인스타그램', bgColor: '#ffffff' }] as Catalog['platforms'];
const categories = [
  { id: 10, platform: 1, text: '인스타그램 팔로워' },
  { id: 11, platform: 1, text: '인스타그램 좋아요' },
] as Catalog['categories'];
const services = [
  { id: 100, categoryId: 10, text: '한국인 팔로워', min: 10, max: 1000 },
  { id: 101, categoryId: 10, text: '외국인 팔로워', min: 50, max: 5000 },
] as Catalog['services'];

describe('completeSelection', () => {
  it('selects the first category and product once they arrive after the platform was picked', () => {
    const picked = selectPlatform(EMPTY_ORDER_FORM, { platforms, categories: [], services: [] }, 1);
    expect(picked).toMatchObject({ platformId: 1, categoryId: null, serviceId: null });
    const withCategories = completeSelection(picked, { platforms, categories, services: [] });
    expect(withCategories).toMatchObject({ categoryId: 10, serviceId: null });
    const complete = completeSelection(withCategories, { platforms, categories, services });
    expect(complete).toMatchObject({ platformId: 1, categoryId: 10, serviceId: 100, amount: '10' });
  });

  it('returns the same state when nothing is missing, so a typed quantity is never reset', () => {
    const catalog = { platforms, categories, services };
    const state = { ...selectPlatform(EMPTY_ORDER_FORM, catalog, 1), amount: '500' };
    expect(completeSelection(state, catalog)).toBe(state);
    expect(completeSelection(EMPTY_ORDER_FORM, catalog)).toBe(EMPTY_ORDER_FORM);
  });
});
