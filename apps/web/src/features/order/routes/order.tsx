import { useSession } from '@/lib/session/session-context';
import { GreetingCard } from '../components/greeting-card';
import { NoticeBoard } from '../components/notice-board';
import { PlatformGrid } from '../components/platform-grid';
import { ServiceStatusBanner } from '../components/service-status-banner';
import '../components/order.css';

/** Order page shell (SPEC.md §2 screen 8); the stepped order form is added by a later issue. */
export function OrderRoute() {
  const { state, profile } = useSession();
  return (
    <div className="page order-page">
      <h1 className="visually-hidden">주문하기</h1>
      <ServiceStatusBanner />
      <div className="order-grid">
        <div className="order-main">
          <GreetingCard state={state} profile={profile} />
          <PlatformGrid />
        </div>
        <aside className="order-aside">
          <NoticeBoard />
        </aside>
      </div>
    </div>
  );
}
