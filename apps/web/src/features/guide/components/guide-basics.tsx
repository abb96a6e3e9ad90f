import { Link2, ListChecks, UserPlus } from 'lucide-react';
import { AddressBar } from './address-bar';

/** The three rules every link follows, before the per-platform sections. */
export function GuideBasics() {
  return (
    <section className="guide-basics" aria-labelledby="guide-basics-title">
      <h2 id="guide-basics-title" className="guide-h2">
        링크 입력 기본 규칙
      </h2>
      <ul className="guide-rules">
        <li>
          <UserPlus size={20} aria-hidden />
          <div>
            <strong>계정을 키우는 주문</strong>
            <span>팔로워 · 구독자 · 이웃 추가에는 계정(프로필 · 채널 · 블로그) 주소</span>
          </div>
        </li>
        <li>
          <ListChecks size={20} aria-hidden />
          <div>
            <strong>반응을 늘리는 주문</strong>
            <span>좋아요 · 조회수 · 댓글에는 그 게시물 · 영상의 주소</span>
          </div>
        </li>
        <li>
          <Link2 size={20} aria-hidden />
          <div>
            <strong>주소 하나, 처음부터 끝까지</strong>
            <span>https:// 로 시작하고 띄어쓰기 없이, 링크 칸에는 주소 하나만</span>
          </div>
        </li>
      </ul>
      <AddressBar
        url="https://www.instagram.com/p/C8kQ2xYtR5a/"
        mark="https://"
        note="앱의 '링크 복사'나 주소창 복사를 쓰면 https:// 부터 끝까지 한 번에 복사됩니다."
      />
    </section>
  );
}
