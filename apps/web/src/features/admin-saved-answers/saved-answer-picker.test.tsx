import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSavedAnswer } from '@smm/domain/contract';
import { adminSavedAnswersApi } from '@smm/domain/endpoints';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { SavedAnswerPicker } from './saved-answer-picker';

const at = '2026-11-20T01:00:00.000Z';
const ANSWERS: AdminSavedAnswer[] = [
  { id: 3, title: '리필 접수', text: '리필을 접수했습니다.\n24시간 안에 채워집니다.', updatedAt: at },
  { id: 1, title: '취소 안내', text: '취소를 요청했습니다.', updatedAt: at },
];

describe('SavedAnswerPicker', () => {
  it('lists the saved answers by title and hands the chosen one’s text to onPick, ready for another', async () => {
    const user = userEvent.setup();
    mockApi({ [on(adminSavedAnswersApi.list)]: ANSWERS });
    const onPick = vi.fn();
    renderWithProviders(<SavedAnswerPicker onPick={onPick} />);
    const select = screen.getByLabelText('자주 쓰는 답변');
    expect(await screen.findByRole('option', { name: '리필 접수' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      '답변 고르기',
      '리필 접수',
      '취소 안내',
    ]);

    await user.selectOptions(select, '3');
    expect(onPick).toHaveBeenCalledWith('리필을 접수했습니다.\n24시간 안에 채워집니다.');
    expect(select).toHaveValue('');
    await user.selectOptions(select, '1');
    expect(onPick).toHaveBeenLastCalledWith('취소를 요청했습니다.');
    expect(screen.getByRole('link', { name: '관리' })).toHaveAttribute('href', '/admin/saved-answers');
  });

  it('says there are none, and cannot be opened, when the list is empty', async () => {
    mockApi({ [on(adminSavedAnswersApi.list)]: [] });
    renderWithProviders(<SavedAnswerPicker onPick={vi.fn()} />);
    expect(await screen.findByRole('option', { name: '등록된 답변이 없습니다' })).toBeInTheDocument();
    expect(screen.getByLabelText('자주 쓰는 답변')).toBeDisabled();
  });
});
