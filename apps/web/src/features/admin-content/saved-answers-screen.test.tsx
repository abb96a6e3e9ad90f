import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SAVED_ANSWER_MESSAGES } from '@smm/domain';
import type { AdminSavedAnswer } from '@smm/domain/contract';
import { adminSavedAnswersApi, pathOf } from '@smm/domain/endpoints';
import { describe, expect, it } from 'vitest';
import { json, mockApi, on, type RecordedCall } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { SavedAnswersScreen } from './saved-answers-screen';

const writes = (calls: RecordedCall[]) => calls.filter((c) => c.method !== 'GET');
const at = '2026-11-20T01:00:00.000Z';
const ANSWERS: AdminSavedAnswer[] = [
  { id: 3, title: '리필 접수', text: '리필을 접수했습니다.\n24시간 안에 채워집니다.', updatedAt: at },
  { id: 1, title: '<b>취소</b> 안내', text: '취소를 요청했습니다.', updatedAt: at },
];

describe('saved answers screen (자주 쓰는 답변)', () => {
  it('lists them in order, operator text as text, and moves one by sending the full order', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminSavedAnswersApi.list)]: ANSWERS,
      [on(adminSavedAnswersApi.reorder)]: { changed: true },
    });
    const { container } = renderWithProviders(<SavedAnswersScreen />);
    const list = await screen.findByRole('list', { name: '자주 쓰는 답변 목록' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('리필 접수');
    expect(items[1]).toHaveTextContent('<b>취소</b> 안내');
    expect(container.querySelector('.content-item-title b')).toBeNull();

    await user.click(screen.getByRole('button', { name: '리필 접수 아래로' }));
    await waitFor(() =>
      expect(writes(api.calls)).toMatchObject([
        { method: 'PUT', path: pathOf(adminSavedAnswersApi.reorder), body: { ids: [1, 3] } },
      ]),
    );
  });

  it('adds one; a title with an invisible character is refused in Korean before anything is sent', async () => {
    const user = userEvent.setup();
    const api = mockApi({
      [on(adminSavedAnswersApi.list)]: [],
      [on(adminSavedAnswersApi.create)]: (call: RecordedCall) =>
        json({ savedAnswer: { id: 5, updatedAt: at, ...(call.body as object) }, changed: true }),
    });
    renderWithProviders(<SavedAnswersScreen />);
    expect(await screen.findByText('등록된 자주 쓰는 답변이 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '새 자주 쓰는 답변' }));
    await user.type(screen.getByLabelText('답변 이름'), '입금\u200b확인');
    await user.type(screen.getByLabelText('답변 내용'), '입금을 확인했습니다.');
    await user.click(screen.getByRole('button', { name: '추가' }));
    expect(await screen.findByText(SAVED_ANSWER_MESSAGES.INVISIBLE)).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);

    await user.clear(screen.getByLabelText('답변 이름'));
    await user.type(screen.getByLabelText('답변 이름'), '입금 확인');
    await user.click(screen.getByRole('button', { name: '추가' }));
    await waitFor(() =>
      expect(writes(api.calls)).toMatchObject([
        { method: 'POST', body: { title: '입금 확인', text: '입금을 확인했습니다.' } },
      ]),
    );
  });
});
