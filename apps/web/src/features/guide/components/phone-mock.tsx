import {
  Bookmark,
  Ellipsis,
  EllipsisVertical,
  Heart,
  MessageCircle,
  Send,
  Share2,
  ThumbsDown,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';
import { withParticle } from '@smm/domain';
import type { PhoneIcon, PhoneScene } from '../link-guides';

const ICONS: Record<PhoneIcon, LucideIcon> = {
  heart: Heart,
  comment: MessageCircle,
  send: Send,
  bookmark: Bookmark,
  share: Share2,
  more: Ellipsis,
  moreVertical: EllipsisVertical,
  thumbsUp: ThumbsUp,
  thumbsDown: ThumbsDown,
};

function ActionIcon({ icon, tapped }: { icon: PhoneIcon; tapped: boolean }) {
  const Icon = ICONS[icon];
  return (
    <span className={tapped ? 'phone-icon phone-tap' : 'phone-icon'}>
      <Icon size={15} strokeWidth={2} />
      {tapped && <span className="phone-step">1</span>}
    </span>
  );
}

/** Placeholder content of the drawn screen: shapes only, no real photo or logo. */
function ScreenContent({ screen }: { screen: PhoneScene['screen'] }) {
  if (screen === 'profile') {
    return (
      <div className="phone-profile">
        <span className="phone-avatar" />
        <span className="phone-line phone-line-strong" />
        <span className="phone-line phone-line-short" />
        <div className="phone-stats">
          <span />
          <span />
          <span />
        </div>
        <div className="phone-tiles">
          {Array.from({ length: 6 }, (_, i) => (
            <span key={i} />
          ))}
        </div>
      </div>
    );
  }
  if (screen === 'blog') {
    return (
      <div className="phone-blog">
        <span className="phone-line phone-line-strong" />
        <span className="phone-line" />
        <span className="phone-line" />
        <span className="phone-media phone-media-blog" />
        <span className="phone-line" />
        <span className="phone-line phone-line-short" />
      </div>
    );
  }
  return <span className={`phone-media phone-media-${screen}`} />;
}

/**
 * A drawn phone showing where to press: ① the button (circled) and ② the menu entry that copies the
 * link (highlighted). Built from CSS shapes and icons, so it follows the theme.
 */
export function PhoneMock({ scene, appName }: { scene: PhoneScene; appName: string }) {
  const label = `${appName} 앱 화면 그림: ① ${withParticle(scene.tapLabel, '을/를')} 누르고, ② 나타난 메뉴에서 ${withParticle(`'${scene.pick}'`, '을/를')} 누릅니다.`;
  const vertical = scene.screen === 'vertical';
  return (
    <figure className="phone-figure">
      <div className={`phone phone-screen-${scene.screen}`} role="img" aria-label={label}>
        <div className="phone-notch" />
        <div className="phone-topbar">
          <span className="phone-app">{appName}</span>
          {scene.tapInTopBar && <ActionIcon icon={scene.tap} tapped />}
        </div>
        <div className="phone-body">
          <ScreenContent screen={scene.screen} />
          {scene.actions.length > 0 && (
            <div className={vertical ? 'phone-actions phone-actions-column' : 'phone-actions'}>
              {scene.actions.map((icon) => (
                <ActionIcon key={icon} icon={icon} tapped={!scene.tapInTopBar && icon === scene.tap} />
              ))}
            </div>
          )}
          {!vertical && scene.screen !== 'profile' && (
            <div className="phone-caption-lines">
              <span className="phone-line" />
              <span className="phone-line phone-line-short" />
            </div>
          )}
        </div>
        <div className="phone-sheet">
          <span className="phone-grip" />
          {scene.sheet.map((item) => (
            <span
              key={item}
              className={item === scene.pick ? 'phone-sheet-item phone-pick' : 'phone-sheet-item'}
            >
              {item}
              {item === scene.pick && <span className="phone-step">2</span>}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="phone-figcaption">
        <span>
          <span className="phone-figcaption-step">1</span> {scene.tapLabel}
        </span>
        <span>
          <span className="phone-figcaption-step">2</span> {scene.pick}
        </span>
      </figcaption>
    </figure>
  );
}
