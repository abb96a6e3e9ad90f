import { useState } from 'react';
import { MessageCircleQuestion, RotateCw, Search, SearchX } from 'lucide-react';
import { searchFaq, toggleFaqItem, type OpenFaqIndex } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { Card, PageHeader } from '@/components/ui/page';
import { useQnas } from '@/lib/content-api';
import { FaqAccordion } from '../components/faq-accordion';
import '../components/faq.css';

/** The FAQ (docs/product.md#guide-faq-and-terms), shown only while ENABLE_QNA is on (app-routes.tsx). */
export function FaqRoute() {
  const query = useQnas();
  const [openIndex, setOpenIndex] = useState<OpenFaqIndex>(null);
  const [search, setSearch] = useState('');

  let body;
  if (query.isPending) {
    body = (
      <div className="faq-skeleton" aria-busy="true" aria-label="자주 묻는 질문을 불러오는 중">
        {[0, 1, 2, 3].map((n) => (
          <span key={n} />
        ))}
      </div>
    );
  } else if (query.isError) {
    body = (
      <Card className="faq-state">
        <MessageCircleQuestion size={32} aria-hidden />
        <p>자주 묻는 질문을 불러오지 못했습니다.</p>
        <span>잠시 후 다시 시도해주세요.</span>
        <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          <RotateCw size={16} aria-hidden />
          다시 시도
        </Button>
      </Card>
    );
  } else if (query.data.length === 0) {
    body = (
      <Card className="faq-state">
        <MessageCircleQuestion size={32} aria-hidden />
        <p>등록된 질문이 없습니다.</p>
        <span>궁금한 점은 고객센터로 문의해주세요.</span>
      </Card>
    );
  } else {
    const entries = searchFaq(query.data, search);
    body = (
      <>
        <div role="search" className="faq-search">
          <label htmlFor="faq-search" className="visually-hidden">
            질문 검색
          </label>
          <Search className="faq-search-icon" size={18} aria-hidden />
          <input
            id="faq-search"
            type="search"
            className="input"
            placeholder="궁금한 내용을 검색해보세요"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
          />
        </div>
        <p className="visually-hidden" role="status">
          {search.trim() ? `검색 결과 ${entries.length}건` : ''}
        </p>
        {entries.length === 0 ? (
          <Card className="faq-state">
            <SearchX size={32} aria-hidden />
            <p>‘{search.trim()}’에 대한 검색 결과가 없습니다.</p>
            <span>다른 단어로 검색해보세요.</span>
          </Card>
        ) : (
          <FaqAccordion
            entries={entries}
            openIndex={openIndex}
            onToggle={(index) => setOpenIndex((open) => toggleFaqItem(open, index))}
          />
        )}
      </>
    );
  }

  return (
    <div className="page page-narrow">
      <PageHeader
        title="자주 묻는 질문"
        description="궁금한 점이 있으신가요? 자주 묻는 질문에서 답을 찾아보세요."
      />
      {body}
    </div>
  );
}
