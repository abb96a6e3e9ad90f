import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Grade, MemberPricingResponse } from '@smm/domain/contract';
import { adminPricingApi } from '@smm/domain/endpoints';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { GradesScreen } from './grades-screen';
import { MemberPricingPanel } from './member-pricing-panel';

const silver: Grade = {
  id: 1,
  name: '실버',
  discountBp: 300,
  minSpendWon: 300_000,
  windowDays: 30,
  members: 4,
};
const reseller: Grade = {
  id: 2,
  name: '리셀러',
  discountBp: 1050,
  minSpendWon: null,
  windowDays: 30,
  members: 1,
};

describe('회원 등급 (console)', () => {
  it('lists the grades in words and adds one in basis points', async () => {
    const { calls } = mockApi({
      [on(adminPricingApi.grades)]: { items: [silver, reseller] },
      [on(adminPricingApi.createGrade)]: (call: { body: unknown }) =>
        json({ ...(call.body as object), id: 3, members: 0 }),
    });
    renderWithProviders(<GradesScreen />);
    const list = within(await screen.findByRole('list', { name: '등급 목록' }));
    expect(list.getByText('최근 30일 ₩300,000 이상')).toBeInTheDocument();
    expect(list.getByText('10.5% 할인')).toBeInTheDocument();
    expect(list.getByText('수동 전용')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('이름'), '골드');
    await userEvent.type(screen.getByLabelText('할인율 (%)'), '5.25');
    await userEvent.type(screen.getByLabelText('승급 기준 이용 금액 (원, 비우면 수동 전용)'), '1000000');
    await userEvent.click(screen.getByRole('button', { name: '추가' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: '골드',
      discountBp: 525,
      minSpendWon: 1_000_000,
      windowDays: 30,
    });
  });

  it('refuses a discount over 90 % before sending', async () => {
    const { calls } = mockApi({ [on(adminPricingApi.grades)]: { items: [] } });
    renderWithProviders(<GradesScreen />);
    await screen.findByText('등급이 없습니다.');
    await userEvent.type(screen.getByLabelText('이름'), 'VIP');
    await userEvent.type(screen.getByLabelText('할인율 (%)'), '95');
    await userEvent.click(screen.getByRole('button', { name: '추가' }));
    expect(await screen.findByText(/할인율은 0%에서 90% 사이로/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe("a member's 등급·단가 tab", () => {
  const pricing: MemberPricingResponse = {
    loginId: 'reseller1',
    gradeId: 2,
    gradeManual: true,
    rates: [
      {
        serviceId: 7,
        service: '한국인 팔로워',
        listPriceMilli: 1190,
        memberPriceMilli: 1050,
        unitPriceMilli: 1050,
        discountBp: null,
        lossConfirmed: false,
      },
    ],
  };
  const refusal =
    "원가 ₩1/개가 판매가 ₩0.9/개보다 높습니다. 손실을 감수하고 저장하려면 '손실 감수하고 저장'을 눌러주세요.";

  it('shows the rates and saves a loss only on the explicit confirmation', async () => {
    const { calls } = mockApi({
      [on(adminPricingApi.grades)]: { items: [silver, reseller] },
      [on(adminPricingApi.memberPricing, { loginId: 'reseller1' })]: pricing,
      [on(adminPricingApi.setMemberRate, { loginId: 'reseller1', serviceId: 8 })]: (call: {
        body: unknown;
      }) =>
        (call.body as { lossConfirmed?: boolean }).lossConfirmed === true
          ? json(pricing)
          : json({ code: 'CATALOG_BELOW_COST', message: refusal }, 400),
    });
    renderWithProviders(<MemberPricingPanel loginId="reseller1" />);
    const rates = within(await screen.findByRole('list', { name: '회원 전용 단가' }));
    expect(rates.getByText('정가 ₩1.19')).toBeInTheDocument();
    expect(rates.getByText('회원 단가 ₩1.05 (고정 단가)')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: '리셀러 (10.5% 할인)' })).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: '회원 단가 설정' }));
    await userEvent.type(form.getByLabelText('서비스 번호'), '8');
    await userEvent.type(form.getByLabelText('회원 단가 (원/개)'), '0.9');
    await userEvent.click(form.getByRole('button', { name: '단가 저장' }));
    expect(await form.findByRole('alert')).toHaveTextContent(refusal);
    await userEvent.click(form.getByRole('button', { name: '손실 감수하고 저장' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]!.body).toMatchObject({
      unitPriceMilli: 900,
      discountBp: null,
      lossConfirmed: true,
    });
  });

  it('asks the margin guard again once the refused rate is edited: no confirming a price nobody judged', async () => {
    mockApi({
      [on(adminPricingApi.grades)]: { items: [silver, reseller] },
      [on(adminPricingApi.memberPricing, { loginId: 'reseller1' })]: pricing,
      [on(adminPricingApi.setMemberRate, { loginId: 'reseller1', serviceId: 8 })]: json(
        { code: 'CATALOG_BELOW_COST', message: refusal },
        400,
      ),
    });
    renderWithProviders(<MemberPricingPanel loginId="reseller1" />);
    const form = within(await screen.findByRole('form', { name: '회원 단가 설정' }));
    await userEvent.type(form.getByLabelText('서비스 번호'), '8');
    await userEvent.type(form.getByLabelText('회원 단가 (원/개)'), '0.9');
    await userEvent.click(form.getByRole('button', { name: '단가 저장' }));
    expect(await form.findByRole('alert')).toHaveTextContent(refusal);
    await userEvent.type(form.getByLabelText('회원 단가 (원/개)'), '5');
    expect(form.queryByRole('button', { name: '손실 감수하고 저장' })).not.toBeInTheDocument();
  });
});
