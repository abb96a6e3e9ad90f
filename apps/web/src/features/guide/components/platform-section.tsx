import { BookOpen, Camera, CirclePlay, Globe, Monitor, Music2, Smartphone, ThumbsUp } from 'lucide-react';
import type { GuideSection } from '../match-platform';
import type { LinkKind, PlatformGuide } from '../link-guides';
import { AddressBar } from './address-bar';
import { LinkExamples } from './link-examples';
import { PhoneMock } from './phone-mock';

const PLATFORM_ICONS: Record<PlatformGuide['id'], typeof Globe> = {
  instagram: Camera,
  youtube: CirclePlay,
  tiktok: Music2,
  facebook: ThumbsUp,
  naver: BookOpen,
  general: Globe,
};

export const sectionId = (platformId: number) => `guide-platform-${platformId}`;

function KindCard({ kind, appName, sectionKey }: { kind: LinkKind; appName: string; sectionKey: string }) {
  const titleId = `${sectionKey}-${kind.id}`;
  return (
    <article className="guide-kind" aria-labelledby={titleId}>
      <header className="guide-kind-head">
        <h3 id={titleId} className="guide-h3">
          {kind.name}
        </h3>
        <p className="guide-kind-services">
          <span className="visually-hidden">사용하는 서비스: </span>
          {kind.services.map((service) => (
            <span key={service} className="guide-chip">
              {service}
            </span>
          ))}
        </p>
      </header>
      <div className="guide-kind-body">
        <PhoneMock scene={kind.phone} appName={appName} />
        <div className="guide-kind-steps">
          <div className="guide-steps">
            <h4 className="guide-h4">
              <Smartphone size={16} aria-hidden /> 휴대폰 앱에서
            </h4>
            <ol>
              {kind.app.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <div className="guide-steps">
            <h4 className="guide-h4">
              <Monitor size={16} aria-hidden /> PC 웹사이트에서
            </h4>
            <ol>
              {kind.web.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <AddressBar url={kind.sample.url} mark={kind.sample.mark} note={kind.sample.markNote} />
        </div>
      </div>
    </article>
  );
}

/** One catalog platform: which link each service needs, how to copy it, and example links. */
export function PlatformSection({ section }: { section: GuideSection }) {
  const { platform, guide, general } = section;
  const key = sectionId(platform.id);
  const Icon = PLATFORM_ICONS[guide.id];
  return (
    <section id={key} className={`guide-section guide-${guide.id}`} aria-labelledby={`${key}-title`}>
      <header className="guide-section-head">
        <span className="guide-platform-icon" aria-hidden>
          <Icon size={22} />
        </span>
        <div>
          <h2 id={`${key}-title`} className="guide-h2">
            {platform.text}
          </h2>
          {general && <span className="guide-chip guide-chip-muted">공통 안내</span>}
          <p className="guide-intro">{guide.intro}</p>
        </div>
      </header>

      <div className="guide-map">
        <h3 className="visually-hidden">서비스별 필요한 링크</h3>
        <ul>
          {guide.kinds.map((kind) => (
            <li key={kind.id}>
              <span className="guide-map-services">{kind.services.join(' · ')}</span>
              <span aria-hidden className="guide-map-arrow">
                →
              </span>
              <span className="visually-hidden">: </span>
              <strong>{kind.name}</strong>
            </li>
          ))}
        </ul>
      </div>

      {guide.kinds.map((kind) => (
        <KindCard key={kind.id} kind={kind} appName={platform.text} sectionKey={key} />
      ))}

      <LinkExamples examples={guide.examples} titleId={`${key}-examples`} />
    </section>
  );
}
