import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { particle } from '@smm/domain';
import { json, mockApi, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { GuideRoute } from './guide';
import { siteApi } from '@smm/domain/endpoints';

const DEMO_PLATFORMS = [
  { id: 1, text: '인스타그램', visible: true, bgColor: '#fdf2f8' },
  { id: 2, text: '유튜브', visible: true, bgColor: '#fef2f2' },
  { id: 3, text: '틱톡', visible: true, bgColor: '#f0fdfa' },
  { id: 4, text: '페이스북', visible: true, bgColor: '#eff6ff' },
  { id: 5, text: '네이버', visible: true, bgColor: '#f0fdf4' },
];

function renderGuide(platforms: unknown = DEMO_PLATFORMS) {
  const api = mockApi({ [on(siteApi.platforms)]: platforms });
  const user = userEvent.setup();
  renderWithProviders(<GuideRoute />, { route: '/guide', routes: { '/order': <p>주문 화면</p> } });
  return { ...api, user };
}

describe('link-input guide (/guide)', () => {
  it('renders a section for each platform the catalog returns, with its link kinds', async () => {
    renderGuide();
    expect(screen.getByRole('heading', { level: 1, name: '링크 입력 가이드' })).toBeInTheDocument();

    for (const { text } of DEMO_PLATFORMS) {
      expect(await screen.findByRole('region', { name: text })).toBeInTheDocument();
    }
    const instagram = screen.getByRole('region', { name: '인스타그램' });
    for (const kind of ['프로필 링크', '게시물 링크', '릴스 링크']) {
      expect(within(instagram).getByRole('heading', { level: 3, name: kind })).toBeInTheDocument();
    }
    const youtube = screen.getByRole('region', { name: '유튜브' });
    for (const kind of ['동영상 링크', '쇼츠 링크', '채널 링크']) {
      expect(within(youtube).getByRole('heading', { level: 3, name: kind })).toBeInTheDocument();
    }
    // Pictures carry a description; example links say their verdict in words.
    expect(within(instagram).getAllByRole('img', { name: /링크 복사|URL 복사/ }).length).toBeGreaterThan(0);
    expect(within(instagram).getAllByText('올바른 링크').length).toBeGreaterThan(0);
    expect(within(instagram).getAllByText('종류가 다른 링크').length).toBeGreaterThan(0);
    expect(within(instagram).getAllByText('입력할 수 없는 링크').length).toBeGreaterThan(0);
  });

  it('lists every platform in the table of contents, linked to its section', async () => {
    renderGuide();
    const toc = screen.getByRole('navigation', { name: '가이드 목차' });
    await within(toc).findByRole('link', { name: '네이버' });
    for (const { id, text } of DEMO_PLATFORMS) {
      const href = within(toc).getByRole('link', { name: text }).getAttribute('href');
      expect(href).toBe(`#guide-platform-${id}`);
      expect(document.getElementById(href!.slice(1))).toHaveAccessibleName(text);
    }
    expect(within(toc).getByRole('link', { name: '자주 하는 실수' })).toHaveAttribute(
      'href',
      '#guide-mistakes',
    );
  });

  it('shows the general guide for a platform without an entry, and nothing for a hidden one', async () => {
    renderGuide([
      { id: 7, text: '스레드', visible: true, bgColor: '' },
      { id: 8, text: '숨김 플랫폼', visible: false, bgColor: '' },
    ]);
    const threads = await screen.findByRole('region', { name: '스레드' });
    expect(within(threads).getByText('공통 안내')).toBeInTheDocument();
    expect(within(threads).getByRole('heading', { level: 3, name: '계정 링크' })).toBeInTheDocument();
    expect(screen.queryByText('숨김 플랫폼')).not.toBeInTheDocument();
  });

  it('shows the common mistakes and sends the reader to /order', async () => {
    const { user } = renderGuide();
    const mistakes = screen.getByRole('region', { name: '자주 하는 실수' });
    expect(within(mistakes).getByText('비공개 계정·게시물')).toBeInTheDocument();
    expect(within(mistakes).getByText('추적 파라미터는 괜찮아요')).toBeInTheDocument();
    await screen.findByRole('region', { name: '인스타그램' });
    await user.click(screen.getByRole('link', { name: '주문하러 가기' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/order');
  });

  it('offers a retry when the platforms cannot be loaded', async () => {
    let fail = true;
    mockApi({
      [on(siteApi.platforms)]: () => (fail ? json({ message: '오류' }, 500) : json(DEMO_PLATFORMS)),
    });
    const user = userEvent.setup();
    renderWithProviders(<GuideRoute />, { route: '/guide' });
    expect(await screen.findByText('플랫폼 목록을 불러오지 못했습니다')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('region', { name: '틱톡' })).toBeInTheDocument();
  });

  it("each picture's description puts the particle that follows its step (공유를, 버튼을)", async () => {
    renderGuide();
    await screen.findByRole('region', { name: '유튜브' });
    const labels = screen
      .getAllByRole('img')
      .map((image) => image.getAttribute('aria-label') ?? '')
      .filter((label) => label.includes('누르고'));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) {
      for (const [, word, written] of label.matchAll(/(\S+?)(을|를) 누르/g)) {
        expect(written, label).toBe(particle(word!, '을/를'));
      }
    }
    expect(labels.some((label) => label.includes('공유를 누르고'))).toBe(true);
  });
});
