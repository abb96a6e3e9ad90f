import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONTENT_MESSAGES } from '@smm/domain';
import type { AdminFaq, AdminNotice, AdminRegisterWhere } from '@smm/domain/contract';
import { describe, expect, it } from 'vitest';
import { json, mockApi, type RecordedCall, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { FaqScreen } from './faq-screen';
import { NoticesScreen } from './notices-screen';
import { RegisterRoutesScreen } from './register-routes-screen';
import { adminContentApi, pathOf } from '@smm/domain/endpoints';

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');

describe('notices screen', () => {
  const NOTICES: AdminNotice[] = [
    { id: 1, content: '일반 공지', isTop: false, bgColor: null, createdAt: '2026-11-20T01:00:00.000Z' },
    { id: 2, content: '고정 공지', isTop: true, bgColor: '#fef3c7', createdAt: '2026-11-19T01:00:00.000Z' },
  ];

  it('lists pinned first with a color swatch, and deletes only after the confirmation', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminContentApi.notices)]: NOTICES,
      [on(adminContentApi.deleteNotice, { id: 1 })]: { changed: true },
    });
    renderWithProviders(<NoticesScreen />);
    const list = await screen.findByRole('list', { name: '공지 목록' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/공지$/).textContent)).toEqual(['고정 공지', '일반 공지']);
    expect(within(items[0]!).getByRole('img', { name: '배경색 #fef3c7' })).toHaveStyle({
      background: '#fef3c7',
    });
    expect(within(items[1]!).getByRole('img', { name: '배경색 없음' })).toBeInTheDocument();

    await user.click(within(items[1]!).getByRole('button', { name: '공지: 일반 공지 삭제' }));
    expect(writes(api.calls)).toEqual([]);
    await user.click(within(items[1]!).getByRole('button', { name: '삭제 확인' }));
    await waitFor(() =>
      expect(writes(api.calls)).toMatchObject([
        { method: 'DELETE', path: pathOf(adminContentApi.updateNotice, { id: 1 }) },
      ]),
    );
  });

  it('previews operator text as text with its line breaks, and sends content, pin and color', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminContentApi.notices)]: [],
      [on(adminContentApi.createNotice)]: (call: RecordedCall) =>
        json({ notice: { id: 9, createdAt: '', ...(call.body as object) }, changed: true }),
    });
    renderWithProviders(<NoticesScreen />);
    await user.click(screen.getByRole('button', { name: '새 공지' }));
    await user.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText(CONTENT_MESSAGES.NOTICE_EMPTY)).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);

    await user.type(screen.getByLabelText('내용'), '<b>점검</b>{Enter}오늘 밤');
    const preview = screen.getByTestId('notice-preview');
    expect(preview.querySelector('b')).toBeNull();
    expect(within(preview).getByText(/점검/).textContent).toBe('<b>점검</b>\n오늘 밤');
    await user.click(screen.getByRole('checkbox', { name: '상단 고정' }));
    await user.click(screen.getByRole('radio', { name: '색상' }));
    expect(preview).toHaveStyle({ background: '#fef3c7' });
    await user.click(screen.getByRole('button', { name: '등록' }));
    await waitFor(() =>
      expect(writes(api.calls)[0]).toMatchObject({
        method: 'POST',
        body: { content: '<b>점검</b>\n오늘 밤', isTop: true, bgColor: '#fef3c7' },
      }),
    );
  });

  it('edits a notice back to no color', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminContentApi.notices)]: NOTICES,
      [on(adminContentApi.updateNotice, { id: 2 })]: (call: RecordedCall) =>
        json({ notice: { ...NOTICES[1], ...(call.body as object) }, changed: true }),
    });
    renderWithProviders(<NoticesScreen />);
    await user.click(await screen.findByRole('button', { name: '공지: 고정 공지 수정' }));
    expect(screen.getByLabelText('내용')).toHaveValue('고정 공지');
    await user.click(screen.getByRole('radio', { name: '없음' }));
    await user.click(screen.getByRole('button', { name: '저장' }));
    await waitFor(() =>
      expect(writes(api.calls)[0]).toMatchObject({ method: 'PUT', body: { bgColor: null, isTop: true } }),
    );
  });
});

describe('FAQ screen', () => {
  const FAQS: AdminFaq[] = [
    { id: 4, title: '충전은?', answer: '자동입니다.' },
    { id: 2, title: '환불은?', answer: '포인트로.' },
    { id: 9, title: '시작은?', answer: '곧.' },
  ];

  it('moves one down by sending the full new order; the first cannot go up', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminContentApi.faqs)]: FAQS,
      [on(adminContentApi.reorderFaqs)]: { changed: true },
    });
    renderWithProviders(<FaqScreen />);
    expect(await screen.findByRole('button', { name: '충전은? 위로' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '시작은? 아래로' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '충전은? 아래로' }));
    await waitFor(() =>
      expect(writes(api.calls)).toMatchObject([
        { path: pathOf(adminContentApi.reorderFaqs), body: { ids: [2, 4, 9] } },
      ]),
    );
  });

  it('adds a question with its answer', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminContentApi.faqs)]: FAQS,
      [on(adminContentApi.createFaq)]: () =>
        json({ faq: { id: 10, title: '새 질문', answer: '답' }, changed: true }),
    });
    renderWithProviders(<FaqScreen />);
    await user.click(await screen.findByRole('button', { name: '새 FAQ' }));
    await user.type(screen.getByLabelText('질문'), '새 질문');
    await user.type(screen.getByLabelText('답변'), '답');
    await user.click(screen.getByRole('button', { name: '추가' }));
    await waitFor(() =>
      expect(writes(api.calls)[0]).toMatchObject({
        method: 'POST',
        body: { title: '새 질문', answer: '답' },
      }),
    );
  });
});

describe('sign-up routes screen', () => {
  const ROUTES: AdminRegisterWhere[] = [
    { id: 1, text: '네이버 검색' },
    { id: 2, text: '지인 추천' },
  ];

  it('adds, renames, reorders and deletes', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminContentApi.registerWheres)]: ROUTES,
      [on(adminContentApi.createRegisterWhere)]: () =>
        json({ registerWhere: { id: 3, text: '블로그' }, changed: true }),
      [on(adminContentApi.updateRegisterWhere, { id: 2 })]: () =>
        json({ registerWhere: { id: 2, text: '친구 추천' }, changed: true }),
      [on(adminContentApi.reorderRegisterWheres)]: { changed: true },
      [on(adminContentApi.deleteRegisterWhere, { id: 1 })]: { changed: true },
    });
    renderWithProviders(<RegisterRoutesScreen />);
    await screen.findByRole('list', { name: '가입 경로 목록' });

    await user.type(screen.getByLabelText('새 가입 경로'), '블로그');
    await user.click(screen.getByRole('button', { name: '추가' }));
    await user.click(screen.getByRole('button', { name: '지인 추천 이름 바꾸기' }));
    const rename = screen.getByRole('textbox', { name: '지인 추천 새 이름' });
    await user.clear(rename);
    await user.type(rename, '친구 추천{Enter}');
    await user.click(screen.getByRole('button', { name: '지인 추천 위로' }));
    await user.click(screen.getByRole('button', { name: '네이버 검색 삭제' }));
    await user.click(screen.getByRole('button', { name: '삭제 확인' }));

    await waitFor(() => expect(writes(api.calls)).toHaveLength(4));
    expect(writes(api.calls).map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', pathOf(adminContentApi.registerWheres), { text: '블로그' }],
      ['PUT', pathOf(adminContentApi.updateRegisterWhere, { id: 2 }), { text: '친구 추천' }],
      ['PUT', pathOf(adminContentApi.reorderRegisterWheres), { ids: [2, 1] }],
      ['DELETE', pathOf(adminContentApi.updateRegisterWhere, { id: 1 }), undefined],
    ]);
  });

  it('cancels a rename with Esc: the old name stays, nothing is sent, focus is back on 이름 바꾸기', async () => {
    const user = userEvent.setup();
    const api = mockApi({ [on(adminContentApi.registerWheres)]: ROUTES });
    renderWithProviders(<RegisterRoutesScreen />);
    await screen.findByRole('list', { name: '가입 경로 목록' });

    await user.click(screen.getByRole('button', { name: '지인 추천 이름 바꾸기' }));
    const rename = screen.getByRole('textbox', { name: '지인 추천 새 이름' });
    expect(rename).toHaveFocus();
    await user.clear(rename);
    await user.type(rename, '바뀐 이름{Escape}');
    expect(screen.queryByRole('textbox', { name: '지인 추천 새 이름' })).not.toBeInTheDocument();
    expect(screen.getByText('지인 추천')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '지인 추천 이름 바꾸기' })).toHaveFocus();

    // Opened again, it starts from the stored name, not the abandoned one.
    await user.click(screen.getByRole('button', { name: '지인 추천 이름 바꾸기' }));
    expect(screen.getByRole('textbox', { name: '지인 추천 새 이름' })).toHaveValue('지인 추천');
    expect(writes(api.calls)).toHaveLength(0);
  });
});
