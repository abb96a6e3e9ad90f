import { ArrowRight, TriangleAlert } from 'lucide-react';
import { Button, ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page';
import { usePlatforms } from '@/lib/catalog-api';
import { paths } from '@/lib/paths';
import { CommonMistakes, MISTAKES_ID } from '../components/common-mistakes';
import { GuideBasics } from '../components/guide-basics';
import { PlatformSection, sectionId } from '../components/platform-section';
import { guideSections } from '../match-platform';
import '../components/guide.css';

/**
 * Link-input guide (docs/product.md#guide-faq-and-terms): one section per platform the catalog offers, each
 * saying which link its services need and how to copy it, with drawn pictures and example links.
 */
export function GuideRoute() {
  const platforms = usePlatforms();
  const sections = guideSections(platforms.data ?? []);

  return (
    <div className="page guide-page">
      <PageHeader
        title="링크 입력 가이드"
        description="주문할 서비스에 맞는 링크를 복사하는 방법을 플랫폼별로 안내합니다."
      />
      <div className="guide-layout">
        <nav className="doc-toc" aria-label="가이드 목차">
          <p className="doc-toc-title">플랫폼</p>
          <ol>
            {sections.map(({ platform }) => (
              <li key={platform.id}>
                <a href={`#${sectionId(platform.id)}`}>{platform.text}</a>
              </li>
            ))}
            <li>
              <a href={`#${MISTAKES_ID}`}>자주 하는 실수</a>
            </li>
          </ol>
        </nav>
        <div className="guide-content">
          <GuideBasics />
          {platforms.isError && !platforms.data ? (
            <div className="guide-state" role="alert">
              <TriangleAlert size={32} aria-hidden />
              <p>플랫폼 목록을 불러오지 못했습니다</p>
              <span>잠시 후 다시 시도해 주세요.</span>
              <Button variant="outline" onClick={() => void platforms.refetch()}>
                다시 시도
              </Button>
            </div>
          ) : platforms.isPending ? (
            <div className="guide-skeleton" aria-busy="true" aria-label="플랫폼별 안내를 불러오는 중">
              <span />
              <span />
            </div>
          ) : sections.length === 0 ? (
            <div className="guide-state">
              <p>등록된 플랫폼이 없습니다</p>
              <span>위의 기본 규칙대로 링크를 복사해 주세요.</span>
            </div>
          ) : (
            sections.map((section) => <PlatformSection key={section.platform.id} section={section} />)
          )}
          <CommonMistakes />
          <section className="guide-cta" aria-labelledby="guide-cta-title">
            <div>
              <h2 id="guide-cta-title" className="guide-h2">
                링크를 복사했나요?
              </h2>
              <p>주문하기에서 서비스를 고르고 링크 칸에 붙여 넣으세요.</p>
            </div>
            <ButtonLink to={paths.order} size="lg">
              주문하러 가기 <ArrowRight size={18} aria-hidden />
            </ButtonLink>
          </section>
        </div>
      </div>
    </div>
  );
}
