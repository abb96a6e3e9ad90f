import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { WATCH_KIND_TEXTS, watchCountText } from '@smm/domain';
import { paths } from '@/lib/paths';
import { useWatch } from './api/get-watch';
import './watch.css';

/** The dashboard's compact 확인 필요 card: the total and each kind with entries, linking to the screen. */
export function WatchCard() {
  const { data, isError } = useWatch();
  const open = data?.groups.filter((group) => group.count > 0) ?? [];
  return (
    <Link
      // The dashboard's own card frame (it is shown there), a full-width row of its own.
      className={`dash-card dash-card-link watch-card${open.length > 0 ? ' dash-card-attention' : ''}`}
      to={paths.admin.watch}
      aria-label={data ? `확인 필요 ${watchCountText(data.total)}` : '확인 필요'}
    >
      <span className="watch-card-title">
        확인 필요
        <ChevronRight size={14} aria-hidden />
      </span>
      {data ? (
        <>
          <span className="watch-card-total">{watchCountText(data.total)}</span>
          {open.length === 0 ? (
            <span className="watch-card-empty">확인할 일이 없습니다</span>
          ) : (
            <ul className="watch-card-kinds">
              {open.map((group) => (
                <li key={group.kind}>
                  <span>{WATCH_KIND_TEXTS[group.kind].title}</span>
                  <span className="watch-card-count">{watchCountText(group.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : (
        <span className="watch-card-empty">{isError ? '불러오지 못했습니다' : '불러오는 중…'}</span>
      )}
    </Link>
  );
}
