import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, settingsOf, on } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { FloatingChatButton } from './floating-chat-button';
import { siteApi } from '@smm/domain/endpoints';

const rect = (left: number, top: number, width: number, height: number) =>
  ({ left, top, right: left + width, bottom: top + height, width, height, x: left, y: top }) as DOMRect;

/** Why it steps aside: it covered the carousel's 다음 button (1440) and the payable amount (390). */
describe('the floating chat button', () => {
  it('steps aside while something marked data-keep-clear is under it, and comes back after', async () => {
    mockApi({
      [on(siteApi.settings)]: json(
        settingsOf({ SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_x', SITE_KAKAO_TEXT: '카카오톡 상담' }),
      ),
    });
    renderWithProviders(
      <>
        <button type="button" data-keep-clear>
          다음 강점
        </button>
        <FloatingChatButton />
      </>,
    );
    const chat = await screen.findByRole('link', { name: '카카오톡 상담' });
    const next = screen.getByRole('button', { name: '다음 강점' });
    // The button sits in the bottom-right corner of a 1440×900 screen.
    chat.getBoundingClientRect = () => rect(1260, 830, 160, 50);
    let nextAt = rect(1300, 840, 40, 40);
    next.getBoundingClientRect = () => nextAt;

    act(() => void window.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(chat).toHaveClass('floating-chat-aside'));
    expect(chat).toHaveAttribute('aria-hidden', 'true');
    expect(chat).toHaveAttribute('tabindex', '-1');

    // Scrolled on: the arrow is higher up the page, the button is back.
    nextAt = rect(1300, 400, 40, 40);
    act(() => void window.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(chat).not.toHaveClass('floating-chat-aside'));
    expect(screen.getByRole('link', { name: '카카오톡 상담' })).not.toHaveAttribute('aria-hidden');
  });

  it('steps aside for any control under it, unmarked (회원탈퇴 at 390 px), but not for plain text', async () => {
    mockApi({
      [on(siteApi.settings)]: json(settingsOf({ SITE_KAKAO_CHANNEL_LINK: 'https://pf.kakao.com/_x' })),
    });
    renderWithProviders(
      <>
        <p>탈퇴 안내</p>
        <button type="button">회원탈퇴</button>
        <FloatingChatButton />
      </>,
    );
    const chat = await screen.findByRole('link', { name: '채팅 상담' });
    const text = screen.getByText('탈퇴 안내');
    const leave = screen.getByRole('button', { name: '회원탈퇴' });
    // A 390×844 phone: the round button in the corner.
    chat.getBoundingClientRect = () => rect(328, 782, 50, 50);
    text.getBoundingClientRect = () => rect(16, 790, 358, 40);
    let leaveAt = rect(16, 400, 100, 40);
    leave.getBoundingClientRect = () => leaveAt;

    act(() => void window.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(chat).not.toHaveClass('floating-chat-aside'));

    leaveAt = rect(290, 786, 84, 40);
    act(() => void window.dispatchEvent(new Event('scroll')));
    await waitFor(() => expect(chat).toHaveClass('floating-chat-aside'));
  });
});
