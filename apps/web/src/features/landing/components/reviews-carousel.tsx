import { Quote, Star } from 'lucide-react';
import { LandingCarousel } from './landing-carousel';

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

type Review = (typeof REVIEWS)[number];

function ReviewCard({ review }: { review: Review }) {
  return (
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
  );
}

/** Five customer reviews (docs/product.md#landing). */
export function ReviewsCarousel() {
  return (
    <LandingCarousel
      className="reviews-carousel"
      eyebrow="고객 후기"
      title="먼저 경험한 분들의 이야기"
      itemName="후기"
      items={REVIEWS}
      itemKey={(review) => review.name}
      renderItem={(review) => <ReviewCard review={review} />}
    />
  );
}
