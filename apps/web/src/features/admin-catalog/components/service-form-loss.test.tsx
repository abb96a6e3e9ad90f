import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminCategory, AdminProvider, AdminService } from '@smm/domain/contract';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ServiceFormDialog } from './service-form-dialog';
import { adminCatalogApi } from '@smm/domain/endpoints';

const categories: AdminCategory[] = [
  { id: 10, platformId: 1, platformText: '인스타그램', text: '팔로워', sortOrder: 0, serviceCount: 1 },
];
const providers: AdminProvider[] = [
  {
    id: 7,
    name: '데모 공급사',
    apiUrl: 'builtin:simulated',
    maskedKey: '••••',
    enabled: true,
    sendingPaused: false,
    maxConcurrency: null,
    serviceCount: 1,
    createdAt: '2026-11-22T00:00:00.000Z',
  },
];
const service: AdminService = {
  id: 101,
  categoryId: 10,
  categoryText: '팔로워',
  platformId: 1,
  platformText: '인스타그램',
  text: '한국인 팔로워',
  unitPriceMilli: 1190,
  min: 10,
  max: 10000,
  notice: '',
  refillDays: 0,
  cancellable: false,
  type: 'default',
  enableAuto: false,
  isReadOnly: false,
  visible: true,
  providerId: 7,
  providerName: '데모 공급사',
  providerServiceId: '1',
  sortOrder: 0,
  markupPercent: null,
  pricePinned: false,
  syncDisabled: null,
  failoverProviderId: null,
  failoverProviderName: null,
  failoverProviderServiceId: null,
  failoverUnitCostMilli: null,
  failoverLossConfirmed: false,
};
const refusal =
  "원가 ₩1.19/개가 판매가 ₩1/개보다 높습니다. 손실을 감수하고 저장하려면 '손실 감수하고 저장'을 눌러주세요.";

describe('service form: a price below cost', () => {
  it('shows the server’s cost-and-price refusal and saves only on the explicit 손실 감수 confirmation', async () => {
    const { calls } = mockApi({
      [on(adminCatalogApi.updateService, { id: 101 })]: (call: { body: unknown }) =>
        (call.body as { lossConfirmed?: boolean }).lossConfirmed === true
          ? json({ service: { ...service, unitPriceMilli: 1000 }, changed: true })
          : json({ code: 'CATALOG_BELOW_COST', message: refusal }, 400),
    });
    const onClose = vi.fn();
    renderWithProviders(
      <ServiceFormDialog
        service={service}
        categoryId={10}
        categories={categories}
        providers={providers}
        onClose={onClose}
      />,
    );
    const form = within(await screen.findByRole('dialog', { name: '상품 수정' }));
    const price = form.getByLabelText('단가 (원, 1개당)');
    await userEvent.clear(price);
    await userEvent.type(price, '1');
    expect(form.queryByRole('button', { name: '손실 감수하고 저장' })).toBeNull();
    await userEvent.click(form.getByRole('button', { name: '저장' }));
    expect(await form.findByRole('alert')).toHaveTextContent(refusal);
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
    expect(calls.find((c) => c.method === 'PUT')!.body).not.toHaveProperty('lossConfirmed');

    await userEvent.click(form.getByRole('button', { name: '손실 감수하고 저장' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]!.body).toMatchObject({ unitPriceMilli: 1000, lossConfirmed: true });
  });
});
