import {
  useCallback,
  useEffect,
  useId,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';
import './landing.css';

interface LandingCarouselProps<T> {
  eyebrow: string;
  /** The section heading; it also names the carousel. */
  title: string;
  /** What one slide is ('후기', '강점'): names the buttons ('이전 후기', '3번째 후기 보기'). */
  itemName: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** Sets the slide widths per carousel (landing.css). */
  className: string;
  /** Milliseconds between automatic moves; 0 turns autoplay off. */
  autoplayDelayMs?: number;
}

/**
 * A landing carousel (WAI-ARIA APG carousel pattern) on Embla: swipe or drag, previous / next buttons, a
 * dot per slide, the arrow keys while focus is inside. Autoplay moves on every `autoplayDelayMs`, pauses
 * while the pointer is over it or focus is inside, can be stopped with a button (WCAG 2.2.2), and is off
 * when the system asks for reduced motion — button and key moves then jump instead of sliding.
 */
export function LandingCarousel<T>({
  eyebrow,
  title,
  itemName,
  items,
  itemKey,
  renderItem,
  className,
  autoplayDelayMs = 5000,
}: LandingCarouselProps<T>) {
  const titleId = useId();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start' });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focusWithin, setFocusWithin] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const canAutoplay = autoplayDelayMs > 0 && !reducedMotion;
  const playing = canAutoplay && !stopped && !hovered && !focusWithin;
  // Sliding is motion too: under reduced motion every move is a jump.
  const jump = reducedMotion;

  const onSelect = useCallback(() => {
    if (embla) setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    embla.on('select', onSelect).on('reInit', onSelect);
    return () => {
      embla.off('select', onSelect).off('reInit', onSelect);
    };
  }, [embla, onSelect]);

  // One timer per slide shown: any move (a swipe, a button) restarts the wait.
  useEffect(() => {
    if (!embla || !playing) return;
    const timer = window.setTimeout(() => embla.scrollNext(), autoplayDelayMs);
    return () => window.clearTimeout(timer);
  }, [embla, playing, autoplayDelayMs, selected]);

  const snapCount = embla?.scrollSnapList().length ?? items.length;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!embla) return;
    if (event.key === 'ArrowLeft') embla.scrollPrev(jump);
    else if (event.key === 'ArrowRight') embla.scrollNext(jump);
    else return;
    event.preventDefault();
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusWithin(false);
  };

  return (
    <section
      className={`landing-section landing-carousel ${className}`}
      aria-labelledby={titleId}
      aria-roledescription="carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocusWithin(true)}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <div className="section-head">
        <span className="section-eyebrow">{eyebrow}</span>
        <h2 id={titleId}>{title}</h2>
      </div>
      <div
        className="carousel-viewport"
        ref={viewportRef}
        role="group"
        aria-label={`${itemName} 목록`}
        tabIndex={0}
      >
        <div className="carousel-track">
          {items.map((item, i) => (
            <div
              key={itemKey(item)}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} / ${items.length}`}
            >
              {renderItem(item)}
            </div>
          ))}
        </div>
      </div>
      {/* Announces manual moves only: while it rotates by itself a live region would talk over everything. */}
      <p className="visually-hidden" aria-live={playing ? 'off' : 'polite'} aria-atomic="true">
        {`${itemName} ${selected + 1} / ${snapCount}`}
      </p>
      <div className="carousel-nav">
        <div className="carousel-dots" role="group" aria-label={`${itemName} 선택`}>
          {Array.from({ length: snapCount }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-label={`${i + 1}번째 ${itemName} 보기`}
              aria-current={selected === i ? 'true' : undefined}
              onClick={() => embla?.scrollTo(i, jump)}
            />
          ))}
        </div>
        <div className="carousel-controls">
          {canAutoplay && (
            <button
              type="button"
              aria-label={stopped ? '자동 넘김 시작' : '자동 넘김 정지'}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <Play size={16} aria-hidden /> : <Pause size={16} aria-hidden />}
            </button>
          )}
          <button
            type="button"
            aria-label={`이전 ${itemName}`}
            data-keep-clear
            onClick={() => embla?.scrollPrev(jump)}
          >
            <ChevronLeft size={20} aria-hidden />
          </button>
          <button
            type="button"
            aria-label={`다음 ${itemName}`}
            data-keep-clear
            onClick={() => embla?.scrollNext(jump)}
          >
            <ChevronRight size={20} aria-hidden />
          </button>
        </div>
      </div>
    </section>
  );
}
