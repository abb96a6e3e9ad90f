import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMatchMedia } from '@/testing/match-media';
import { LandingCarousel } from './landing-carousel';

const SLIDE_WIDTH = 300;
const ITEMS = ['쉬운 사용', '자동 논스톱 시스템', '빠른 주문 처리', '강력한 보안'];

/**
 * jsdom lays nothing out, so Embla would see four zero-wide slides. Give every slide a width and a place
 * in the row (the track, as in a browser, is as wide as the view: one slide) so Embla finds real snaps.
 */
function layOutSlides() {
  const proto = HTMLElement.prototype;
  const slideIndex = (el: HTMLElement) => Array.prototype.indexOf.call(el.parentElement?.children ?? [], el);
  vi.spyOn(proto, 'offsetWidth', 'get').mockReturnValue(SLIDE_WIDTH);
  vi.spyOn(proto, 'offsetHeight', 'get').mockReturnValue(200);
  vi.spyOn(proto, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('carousel-slide') ? slideIndex(this) * SLIDE_WIDTH : 0;
  });
  // Embla reads the last slide's margin; jsdom's computed value is '' without a stylesheet saying it.
  const style = document.createElement('style');
  style.textContent = '.carousel-slide { margin: 0px; }';
  document.head.append(style);
  return () => style.remove();
}

function renderCarousel(autoplayDelayMs?: number) {
  render(
    <LandingCarousel
      className="strengths-carousel"
      eyebrow="왜 SMM 패널인가요?"
      title="성장에만 집중할 수 있도록"
      itemName="강점"
      items={ITEMS}
      itemKey={(item) => item}
      renderItem={(item) => <h3>{item}</h3>}
      autoplayDelayMs={autoplayDelayMs}
    />,
  );
  return screen.getByRole('region', { name: '성장에만 집중할 수 있도록' });
}

/** The dot marked aria-current: which slide the carousel shows. */
function currentDot(): string | null {
  const dots = within(screen.getByRole('group', { name: '강점 선택' })).getAllByRole('button');
  return dots.find((dot) => dot.getAttribute('aria-current') === 'true')?.getAttribute('aria-label') ?? null;
}

describe('LandingCarousel', () => {
  beforeEach(() => layOutSlides());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('announces itself as a carousel of labelled slides', () => {
    const carousel = renderCarousel();
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel)
      .getAllByRole('group')
      .filter((el) => el.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 / 4', '2 / 4', '3 / 4', '4 / 4']);
  });

  it('moves with the previous and next buttons, looping round', () => {
    renderCarousel(0);
    expect(currentDot()).toBe('1번째 강점 보기');
    fireEvent.click(screen.getByRole('button', { name: '다음 강점' }));
    expect(currentDot()).toBe('2번째 강점 보기');
    fireEvent.click(screen.getByRole('button', { name: '이전 강점' }));
    fireEvent.click(screen.getByRole('button', { name: '이전 강점' }));
    expect(currentDot()).toBe('4번째 강점 보기');
  });

  it('moves with the arrow keys while focus is inside', () => {
    renderCarousel(0);
    const viewport = screen.getByRole('group', { name: '강점 목록' });
    viewport.focus();
    fireEvent.keyDown(viewport, { key: 'ArrowRight' });
    fireEvent.keyDown(viewport, { key: 'ArrowRight' });
    expect(currentDot()).toBe('3번째 강점 보기');
    fireEvent.keyDown(viewport, { key: 'ArrowLeft' });
    expect(currentDot()).toBe('2번째 강점 보기');
    expect(screen.getByText('강점 2 / 4')).toBeInTheDocument();
  });

  it('jumps to a slide from its dot', () => {
    renderCarousel(0);
    fireEvent.click(screen.getByRole('button', { name: '4번째 강점 보기' }));
    expect(currentDot()).toBe('4번째 강점 보기');
    expect(screen.getByRole('button', { name: '4번째 강점 보기' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: '1번째 강점 보기' })).not.toHaveAttribute('aria-current');
  });

  it('plays by itself, and pauses while hovered', () => {
    vi.useFakeTimers();
    const carousel = renderCarousel(5000);
    act(() => vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('2번째 강점 보기');

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(20000));
    expect(currentDot()).toBe('2번째 강점 보기');

    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('3번째 강점 보기');
  });

  it('pauses while focus is inside, and goes on when it leaves', () => {
    vi.useFakeTimers();
    renderCarousel(5000);
    const next = screen.getByRole('button', { name: '다음 강점' });
    act(() => next.focus());
    act(() => vi.advanceTimersByTime(20000));
    expect(currentDot()).toBe('1번째 강점 보기');

    act(() => next.blur());
    act(() => vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('2번째 강점 보기');
  });

  it('stops and starts again with its button; a live region speaks only while stopped', () => {
    vi.useFakeTimers();
    renderCarousel(5000);
    const status = screen.getByText('강점 1 / 4');
    expect(status).toHaveAttribute('aria-live', 'off');

    fireEvent.click(screen.getByRole('button', { name: '자동 넘김 정지' }));
    act(() => vi.advanceTimersByTime(20000));
    expect(currentDot()).toBe('1번째 강점 보기');
    expect(status).toHaveAttribute('aria-live', 'polite');

    fireEvent.click(screen.getByRole('button', { name: '자동 넘김 시작' }));
    act(() => vi.advanceTimersByTime(5000));
    expect(currentDot()).toBe('2번째 강점 보기');
  });

  it('does not play under prefers-reduced-motion, and offers no play button', () => {
    installMatchMedia(false, { reducedMotion: true });
    vi.useFakeTimers();
    renderCarousel(5000);
    act(() => vi.advanceTimersByTime(30000));
    expect(currentDot()).toBe('1번째 강점 보기');
    expect(screen.queryByRole('button', { name: /자동 넘김/ })).toBeNull();
    // The buttons still move it (as a jump).
    fireEvent.click(screen.getByRole('button', { name: '다음 강점' }));
    expect(currentDot()).toBe('2번째 강점 보기');
  });
});
