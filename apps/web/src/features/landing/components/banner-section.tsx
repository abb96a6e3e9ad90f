import { Clock, Headphones, Timer } from 'lucide-react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import './landing.css';

const FACTS = [
  { icon: Clock, label: '24시간 자동 처리' },
  { icon: Timer, label: '충전 반영 평균 1~10분' },
  { icon: Headphones, label: '빠른 고객 상담' },
];

export function BannerSection() {
  return (
    <section className="landing-section">
      <div className="landing-banner">
        <div>
          <h2>지금 바로 채널 성장을 시작해 보세요</h2>
          <p>가입은 1분이면 충분해요. 필요한 만큼만 충전하고, 원하는 만큼만 주문하세요.</p>
          <ul className="banner-facts">
            {FACTS.map(({ icon: Icon, label }) => (
              <li key={label}>
                <Icon size={16} aria-hidden />
                {label}
              </li>
            ))}
          </ul>
        </div>
        <ButtonLink to={paths.register} size="lg" variant="outline" className="banner-cta">
          무료로 시작하기
        </ButtonLink>
      </div>
    </section>
  );
}
