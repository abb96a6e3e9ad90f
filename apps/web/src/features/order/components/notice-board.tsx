import { Megaphone, Pin } from 'lucide-react';
import { useNotices, type Notice } from '@/lib/content-api';
import { operatorColorVars } from './operator-color';
import './order.css';

/** Pinned notices first, each with its optional background color (docs/product.md#order-page). */
function orderNotices(notices: Notice[]): Notice[] {
  return [...notices.filter((n) => n.isTop), ...notices.filter((n) => !n.isTop)];
}

export function NoticeBoard() {
  const { data, isPending, isError } = useNotices();

  return (
    <section className="order-section" aria-labelledby="notice-title">
      <h2 id="notice-title" className="order-section-title">
        <Megaphone size={18} aria-hidden />
        공지사항
      </h2>
      {isPending ? (
        <div className="skeleton-list" aria-hidden>
          <span />
          <span />
        </div>
      ) : isError ? (
        <p className="empty-line">공지사항을 불러오지 못했습니다.</p>
      ) : data.length === 0 ? (
        <p className="empty-line">등록된 공지사항이 없습니다.</p>
      ) : (
        <ul className="notice-list">
          {orderNotices(data).map((notice) => (
            <li
              key={notice.id}
              className={
                notice.isTop
                  ? notice.bgColor
                    ? 'notice notice-top has-color'
                    : 'notice notice-top'
                  : 'notice'
              }
              style={notice.isTop && notice.bgColor ? operatorColorVars('notice', notice.bgColor) : undefined}
            >
              {notice.isTop && (
                <span className="notice-pin">
                  <Pin size={13} aria-hidden />
                  고정
                </span>
              )}
              {/* Rendered as text, never as HTML: notice content is operator input. */}
              <p>{notice.content}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
