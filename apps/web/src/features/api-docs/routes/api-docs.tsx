import { PageHeader } from '@/components/ui/page';
import {
  CancelSection,
  ErrorsSection,
  GetServicesSection,
  OrderSection,
  OrderStatusSection,
  OverviewSection,
  RefillSection,
  RefillStatusSection,
  StatusSection,
} from '../components/rest-sections';
import { V2Section } from '../components/v2-section';
import '../components/api-docs.css';

const CONTENTS = [
  { id: 'overview', label: '시작하기' },
  { id: 'get-services', label: '서비스 목록' },
  { id: 'order', label: '주문하기' },
  { id: 'status', label: '주문 상태' },
  { id: 'refill', label: '리필 요청' },
  { id: 'refill-status', label: '리필 상태' },
  { id: 'cancel', label: '주문 취소' },
  { id: 'statuses', label: '주문 상태 값' },
  { id: 'errors', label: '오류' },
  { id: 'v2', label: 'SMM API v2 (호환)' },
] as const;

/**
 * API documentation (docs/product.md#api-documentation-page): the REST calls and the SMM API v2 dialect, with
 * examples built for this site's own address, so a copied curl line runs as it is once the key is
 * filled in. Static: no call is made, and guests see it too.
 */
export function ApiDocsRoute() {
  const origin = window.location.origin;
  return (
    <div className="page api-docs">
      <PageHeader
        title="API 문서"
        description="개인 API 키로 서비스 조회, 주문, 주문 상태 확인, 리필과 취소를 자동화하세요."
      />
      <div className="api-layout">
        <nav className="doc-toc" aria-label="API 문서 목차">
          <p className="doc-toc-title">목차</p>
          <ol>
            {CONTENTS.map((entry) => (
              <li key={entry.id}>
                <a href={`#${entry.id}`}>{entry.label}</a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="api-content">
          <OverviewSection origin={origin} />
          <GetServicesSection origin={origin} />
          <OrderSection origin={origin} />
          <OrderStatusSection origin={origin} />
          <RefillSection origin={origin} />
          <RefillStatusSection origin={origin} />
          <CancelSection origin={origin} />
          <StatusSection />
          <ErrorsSection />
          <V2Section origin={origin} />
        </div>
      </div>
    </div>
  );
}
