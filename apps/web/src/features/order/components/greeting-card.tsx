import { Link } from 'react-router';
import { Wallet } from 'lucide-react';
import { formatWon, SessionState, type Profile } from '@smm/domain';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import './order.css';

export function GreetingCard({ state, profile }: { state: SessionState; profile: Profile | null }) {
  if (!profile) {
    return (
      <section className="greeting-card">
        <div>
          <p className="greeting-eyebrow">반가워요!</p>
          <h2 className="greeting-title">로그인하고 주문을 시작해 보세요</h2>
          <p className="greeting-sub">회원이 아니시라면 1분 만에 가입할 수 있어요.</p>
        </div>
        <div className="greeting-actions">
          <ButtonLink to={paths.login}>로그인</ButtonLink>
          <ButtonLink to={paths.register} variant="outline">
            회원가입
          </ButtonLink>
        </div>
      </section>
    );
  }

  const isGuest = state === SessionState.GUEST;
  return (
    <section className="greeting-card">
      <div>
        <p className="greeting-eyebrow">{isGuest ? '둘러보기 모드' : '오늘도 성장하는 하루 되세요'}</p>
        <h2 className="greeting-title">
          <span className="greeting-id">{profile.id}</span>
          {isGuest ? '으로 둘러보는 중이에요' : ' 님, 안녕하세요'}
        </h2>
        {isGuest && <p className="greeting-sub">주문과 충전은 로그인 후 이용할 수 있어요.</p>}
      </div>
      <div className="greeting-balance">
        <span className="greeting-balance-label">
          <Wallet size={16} aria-hidden />
          보유 포인트
        </span>
        <strong>{formatWon(profile.point)}</strong>
        <Link to={paths.point} className="greeting-charge">
          포인트 충전
        </Link>
      </div>
    </section>
  );
}
