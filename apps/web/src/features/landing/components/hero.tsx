import { useNavigate } from 'react-router';
import { ArrowRight, BadgeCheck, Heart, TrendingUp, Users } from 'lucide-react';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { LeaveSessionLink } from '@/lib/session/leave-session-link';
import { useSession } from '@/lib/session/session-context';
import './landing.css';

function HeroVisual() {
  const bars = [38, 52, 47, 64, 58, 76, 88];
  return (
    <div className="hero-visual" aria-hidden>
      <div className="hero-panel">
        <div className="hero-panel-head">
          <span className="hero-dot" />
          <span>실시간 성장 리포트</span>
        </div>
        <div className="hero-stat-row">
          <div className="hero-stat">
            <Users size={18} />
            <div>
              <small>팔로워</small>
              <strong>+12,480</strong>
            </div>
          </div>
          <div className="hero-stat">
            <Heart size={18} />
            <div>
              <small>좋아요</small>
              <strong>+38.2K</strong>
            </div>
          </div>
        </div>
        <div className="hero-chart">
          {bars.map((h, i) => (
            <span key={i} style={{ height: `${h}%` }} />
          ))}
        </div>
      </div>
      <div className="hero-float hero-float-a">
        <BadgeCheck size={18} />
        주문이 완료되었습니다
      </div>
      <div className="hero-float hero-float-b">
        <TrendingUp size={18} />
        도달률 248% 상승
      </div>
    </div>
  );
}

export function Hero() {
  const navigate = useNavigate();
  const { member, startGuest } = useSession();

  const browse = () => {
    startGuest();
    navigate(paths.order);
  };

  return (
    <section className="hero">
      <div className="hero-inner">
        <div className="hero-copy">
          <span className="hero-eyebrow">SNS 마케팅 자동화 플랫폼</span>
          <h1 className="hero-title">
            계정 성장,
            <br />
            <em>클릭 몇 번</em>이면 충분해요
          </h1>
          <p className="hero-sub">
            팔로워·좋아요·조회수까지 필요한 만큼만 주문하세요. 합리적인 가격과 24시간 멈추지 않는 자동
            시스템이 여러분의 채널 성장을 돕습니다.
          </p>
          <div className="hero-actions">
            {member ? (
              <ButtonLink to={paths.order} size="lg">
                주문하러 가기
                <ArrowRight size={18} aria-hidden />
              </ButtonLink>
            ) : (
              <>
                <Button size="lg" onClick={browse}>
                  둘러보기
                  <ArrowRight size={18} aria-hidden />
                </Button>
                {/* A guest is signed out first, as by the header's 회원가입 (docs/product.md#sessions). */}
                <LeaveSessionLink to={paths.register} className="btn btn-outline btn-lg">
                  회원가입
                </LeaveSessionLink>
              </>
            )}
          </div>
          <p className="hero-note">회원가입 없이도 모든 서비스를 미리 둘러볼 수 있어요.</p>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}
