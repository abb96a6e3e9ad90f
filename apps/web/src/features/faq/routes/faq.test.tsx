import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { FaqRoute } from './faq';
import { siteApi } from '@smm/domain/endpoints';

const QNAS = [
  {
    title: '충전은 얼마나 걸리나요?',
    answer: '입금 확인 후 자동으로 충전됩니다.\n3시간이 지나면 취소됩니다.',
  },
  { title: '환불은 어떻게 받나요?', answer: '남은 수량만큼 포인트로 환불됩니다.' },
  { title: '<b>굵게</b> 보이나요?', answer: '<script>alert(1)</script>' },
];

function questionButton(title: string) {
  return screen.getByRole('button', { name: `Q. ${title}` });
}

describe('FAQ (/qna)', () => {
  it('shows the title, the subtitle and every question closed', async () => {
    mockApi({ [on(siteApi.qnas)]: QNAS });
    renderWithProviders(<FaqRoute />);
    expect(screen.getByRole('heading', { level: 1, name: '자주 묻는 질문' })).toBeInTheDocument();
    expect(screen.getByText(/답을 찾아보세요/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Q. 충전은 얼마나 걸리나요?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(3);
  });

  it('opens one item at a time; clicking the open one closes it', async () => {
    const user = userEvent.setup();
    mockApi({ [on(siteApi.qnas)]: QNAS });
    renderWithProviders(<FaqRoute />);
    const first = await screen.findByRole('button', { name: `Q. ${QNAS[0]?.title}` });
    const second = questionButton(QNAS[1]?.title ?? '');

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const region = screen.getByRole('region', { name: `Q. ${QNAS[0]?.title}` });
    expect(first).toHaveAttribute('aria-controls', region.id);
    expect(region).not.toHaveAttribute('inert');
    // 'A. ' + the answer, its line break kept as text (white-space: pre-line shows it).
    expect(within(region).getByText(/입금 확인 후/).textContent).toBe(
      'A. 입금 확인 후 자동으로 충전됩니다.\n3시간이 지나면 취소됩니다.',
    );

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('button', { expanded: true })).toHaveLength(1);

    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryAllByRole('button', { expanded: true })).toHaveLength(0);
  });

  it('renders operator text as text, never as HTML', async () => {
    const user = userEvent.setup();
    mockApi({ [on(siteApi.qnas)]: QNAS });
    const { container } = renderWithProviders(<FaqRoute />);
    await user.click(await screen.findByRole('button', { name: 'Q. <b>굵게</b> 보이나요?' }));
    expect(container.querySelector('b, script')).toBeNull();
    expect(screen.getByText('<script>alert(1)</script>', { exact: false })).toBeInTheDocument();
  });

  it('searches the questions and answers, with a message when nothing matches', async () => {
    const user = userEvent.setup();
    mockApi({ [on(siteApi.qnas)]: QNAS });
    renderWithProviders(<FaqRoute />);
    const search = await screen.findByRole('searchbox', { name: '질문 검색' });

    await user.type(search, '환불');
    expect(questionButton(QNAS[1]?.title ?? '')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Q. ${QNAS[0]?.title}` })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, '3시간');
    expect(questionButton(QNAS[0]?.title ?? '')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Q\. / })).toHaveLength(1);

    await user.clear(search);
    await user.type(search, '배송');
    expect(screen.getByText('‘배송’에 대한 검색 결과가 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Q\. / })).not.toBeInTheDocument();
  });

  it('shows an empty state when there are no questions', async () => {
    mockApi({ [on(siteApi.qnas)]: [] });
    renderWithProviders(<FaqRoute />);
    expect(await screen.findByText('등록된 질문이 없습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads the questions', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      [on(siteApi.qnas)]: () => (fail ? json({ message: '오류가 발생했습니다.' }, 500) : json(QNAS)),
    });
    renderWithProviders(<FaqRoute />);
    expect(screen.getByLabelText('자주 묻는 질문을 불러오는 중')).toBeInTheDocument();
    expect(await screen.findByText('자주 묻는 질문을 불러오지 못했습니다.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('button', { name: `Q. ${QNAS[0]?.title}` })).toBeInTheDocument();
  });
});
