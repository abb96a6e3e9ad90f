import './route-skeleton.css';

/**
 * What a lazily loaded screen shows while its code arrives: the page frame (width, padding, a title and a
 * card) in placeholder blocks, so the top bar and footer stay put and nothing flashes blank.
 */
export function RouteSkeleton() {
  return (
    <div className="page route-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">페이지를 불러오는 중입니다</span>
      <div className="page-header" aria-hidden>
        <div className="skeleton-block skeleton-title" />
        <div className="skeleton-block skeleton-line skeleton-line-short" />
      </div>
      <div className="card route-skeleton-card" aria-hidden>
        <div className="skeleton-block skeleton-line" />
        <div className="skeleton-block skeleton-line" />
        <div className="skeleton-block skeleton-line skeleton-line-short" />
        <div className="skeleton-block skeleton-field" />
        <div className="skeleton-block skeleton-field" />
      </div>
    </div>
  );
}
