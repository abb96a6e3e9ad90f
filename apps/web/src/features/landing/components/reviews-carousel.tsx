import { useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, Quote, Star } from 'lucide-react';
import './landing.css';

const REVIEWS = [
  {
    name: '김*연',
    role: '인스타그램 쇼핑몰 운영',
    body: '신상품 올릴 때마다 좋아요 주문을 넣는데, 반응이 확실히 달라졌어요. 주문 과정도 정말 간단해요.',
  },
  {
    name: '박*준',
    role: '유튜브 크리에이터',
    body: '자동주문 기능 덕분에 업로드할 때마다 신경 쓸 일이 없어졌어요. 처리 속도도 빨라서 만족합니다.',
  },
  {
    name: '이*희',
    role: '카페 사장님',
    body: '매장 계정을 처음 키울 때 큰 도움이 됐어요. 충전도 계좌이체라 부담 없이 시작할 수 있었습니다.',
  },
  {
    name: '최*우',
    role: '마케팅 대행사 실무자',
    body: '여러 고객사 계정을 한 곳에서 관리하니 편해요. 주문내역으로 진행 상황을 바로 확인할 수 있어 좋아요.',
  },
  {
    name: '정*아',
    role: '틱톡 인플루언서',
    body: '문의하면 답변도 빠르고, 가격도 합리적이에요. 주변 크리에이터들한테도 추천하고 있어요.',
  },
];

export function ReviewsCarousel() {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: 'start' });
  const [selected, setSelected] = useState(0);

  const onSelect = useCallback(() => {
    if (embla) setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    embla.on('select', onSelect);
    const timer = window.setInterval(() => embla.scrollNext(), 5000);
    return () => {
      embla.off('select', onSelect);
      window.clearInterval(timer);
    };
  }, [embla, onSelect]);

  return (
    <section className="landing-section" aria-labelledby="reviews-title">
      <div className="section-head section-head-row">
        <div>
          <span className="section-eyebrow">고객 후기</span>
          <h2 id="reviews-title">먼저 경험한 분들의 이야기</h2>
        </div>
        <div className="carousel-controls">
          <button type="button" aria-label="이전 후기" onClick={() => embla?.scrollPrev()}>
            <ChevronLeft size={20} aria-hidden />
          </button>
          <button type="button" aria-label="다음 후기" onClick={() => embla?.scrollNext()}>
            <ChevronRight size={20} aria-hidden />
          </button>
        </div>
      </div>
      <div className="reviews-viewport" ref={viewportRef}>
        <ul className="reviews-track">
          {REVIEWS.map((review) => (
            <li key={review.name} className="review-slide">
              <article className="review-card">
                <Quote size={26} aria-hidden className="review-quote" />
                <div className="review-stars" role="img" aria-label="별점 5점">
                  {Array.from({ length: 5 }, (_, i) => (
                    <Star key={i} size={15} aria-hidden />
                  ))}
                </div>
                <p>{review.body}</p>
                <footer>
                  <strong>{review.name}</strong>
                  <span>{review.role}</span>
                </footer>
              </article>
            </li>
          ))}
        </ul>
      </div>
      <div className="carousel-dots">
        {REVIEWS.map((review, i) => (
          <button
            key={review.name}
            type="button"
            aria-label={`${i + 1}번째 후기 보기`}
            aria-current={selected === i}
            className={selected === i ? 'is-active' : undefined}
            onClick={() => embla?.scrollTo(i)}
          />
        ))}
      </div>
    </section>
  );
}
