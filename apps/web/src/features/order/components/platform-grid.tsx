import { LayoutGrid } from 'lucide-react';
import { usePlatforms } from '@/lib/catalog-api';
import { operatorColorVars } from './operator-color';
import './order.css';

/** Platform tiles; pressing one picks that platform in the order form. */
export function PlatformGrid({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (platformId: number) => void;
}) {
  const { data, isPending, isError } = usePlatforms();
  const platforms = (data ?? []).filter((p) => p.visible !== false);

  return (
    <section className="order-section" aria-labelledby="platform-title">
      <h2 id="platform-title" className="order-section-title">
        <LayoutGrid size={18} aria-hidden />
        플랫폼
      </h2>
      {isPending ? (
        <div className="platform-grid" aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <span key={i} className="platform-tile platform-skeleton" />
          ))}
        </div>
      ) : isError ? (
        <p className="empty-line">플랫폼 목록을 불러오지 못했습니다.</p>
      ) : platforms.length === 0 ? (
        <p className="empty-line">이용 가능한 플랫폼이 없습니다.</p>
      ) : (
        <ul className="platform-grid">
          {platforms.map((platform) => (
            <li key={platform.id}>
              <button
                type="button"
                className={platform.bgColor ? 'platform-tile has-color' : 'platform-tile'}
                aria-pressed={platform.id === selectedId}
                onClick={() => onSelect(platform.id)}
                style={platform.bgColor ? operatorColorVars('tile', platform.bgColor) : undefined}
              >
                {platform.text}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
