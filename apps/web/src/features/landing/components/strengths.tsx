import { MousePointerClick, RotateCw, ShieldCheck, Zap } from 'lucide-react';
import { LandingCarousel } from './landing-carousel';

const STRENGTHS = [
  {
    icon: MousePointerClick,
    title: '쉬운 사용',
    body: '플랫폼과 상품을 고르고 링크만 입력하면 끝. 처음이어도 1분이면 첫 주문을 완료할 수 있어요.',
  },
  {
    icon: RotateCw,
    title: '자동 논스톱 시스템',
    body: '24시간 365일 멈추지 않는 자동 처리 시스템. 자동주문으로 원하는 간격마다 반복 주문도 가능해요.',
  },
  {
    icon: Zap,
    title: '빠른 주문 처리',
    body: '주문 즉시 작업이 시작되고 진행 상황을 주문내역에서 실시간으로 확인할 수 있어요.',
  },
  {
    icon: ShieldCheck,
    title: '강력한 보안',
    body: '비밀번호 없이 링크만으로 진행되어 계정 정보가 필요 없어요. 결제 정보도 안전하게 보호됩니다.',
  },
];

/** The four strengths (docs/product.md#landing), a carousel at every width. */
export function Strengths() {
  return (
    <LandingCarousel
      className="strengths-carousel"
      eyebrow="왜 SMM 패널인가요?"
      title="성장에만 집중할 수 있도록"
      itemName="강점"
      items={STRENGTHS}
      itemKey={(strength) => strength.title}
      renderItem={({ icon: Icon, title, body }) => (
        <article className="strength-card">
          <span className="strength-icon">
            <Icon size={22} aria-hidden />
          </span>
          <h3>{title}</h3>
          <p>{body}</p>
        </article>
      )}
    />
  );
}
