import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  faqSuggestionsFor,
  formatDateTime,
  INQUIRY_TYPE_LABELS,
  INQUIRY_TYPES,
  inquiryLinkOf,
  SessionState,
  validateInquiry,
  type InquiryType,
} from '@smm/domain';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { Card, PageHeader } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { useQnas } from '@/lib/content-api';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { toast } from '@/lib/toast';
import { useCreateInquiry, useInquiries } from '../api/inquiries-api';
import { InquiryMessageFields, InquiryStateBadge } from '../components/inquiry-parts';
import '../components/inquiries.css';

const FALLBACK_ERROR = '문의를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.';

/** The new inquiry's form; `orderId` comes from 주문내역's 문의하기 (`/inquiries?orderId=12`). */
function NewInquiryForm({ orderId: givenOrder }: { orderId: string }) {
  const navigate = useNavigate();
  const create = useCreateInquiry();
  const faqs = useQnas();
  const [type, setType] = useState<InquiryType>(givenOrder ? 'ORDER_OTHER' : 'ORDER_REFILL');
  const [orderId, setOrderId] = useState(givenOrder);
  const [chargeId, setChargeId] = useState('');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const link = inquiryLinkOf(type);
  const suggestions = faqSuggestionsFor(faqs.data ?? [], title);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const idOf = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);
    const input = {
      type,
      title,
      text,
      orderId: link === 'order' ? idOf(orderId) : null,
      chargeId: link === 'charge' ? idOf(chargeId) : null,
    };
    const refusal = validateInquiry(input);
    setProblem(refusal);
    if (refusal) return;
    const form = new FormData();
    form.append('type', type);
    form.append('title', title);
    form.append('text', text);
    if (input.orderId !== null) form.append('orderId', String(input.orderId));
    if (input.chargeId !== null) form.append('chargeId', String(input.chargeId));
    if (image) form.append('image', image);
    try {
      const thread = await create.mutateAsync(form);
      toast.success('문의를 남겼습니다. 답변이 오면 알려드립니다.');
      void navigate(paths.inquiry(thread.inquiry.id));
    } catch (error) {
      setProblem(errorMessage(error, FALLBACK_ERROR));
    }
  }

  return (
    <form className="inquiry-form" onSubmit={(event) => void submit(event)} noValidate>
      <SelectField label="문의 유형" value={type} onChange={(e) => setType(e.target.value as InquiryType)}>
        {INQUIRY_TYPES.map((value) => (
          <option key={value} value={value}>
            {INQUIRY_TYPE_LABELS[value]}
          </option>
        ))}
      </SelectField>
      {link === 'order' && (
        <TextField
          label="주문번호"
          inputMode="numeric"
          value={orderId}
          onChange={(e) => setOrderId(e.target.value)}
          hint="주문내역의 주문번호"
        />
      )}
      {link === 'charge' && (
        <TextField
          label="충전 신청 번호"
          inputMode="numeric"
          value={chargeId}
          onChange={(e) => setChargeId(e.target.value)}
          hint="충전내역의 신청 번호"
        />
      )}
      <TextField label="제목" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} />
      {suggestions.length > 0 && (
        <section className="inquiry-faq" aria-label="이런 답이 있어요">
          <strong>이런 답이 있어요</strong>
          {suggestions.map((faq) => (
            <details key={faq.title}>
              <summary>{faq.title}</summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </section>
      )}
      <InquiryMessageFields
        id="inquiry-text"
        label="내용"
        text={text}
        onText={setText}
        onImage={setImage}
        problem={problem}
        pending={create.isPending}
        submitLabel="문의 남기기"
      />
    </form>
  );
}

/** `/inquiries`: the member's 1:1 문의 (docs/product.md#inquiries), a new one on top, then the list. */
export function InquiriesRoute() {
  const { state } = useSession();
  const member = state === SessionState.AUTHORIZATION;
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const givenOrder = params.get('orderId') ?? '';
  const [writing, setWriting] = useState(givenOrder !== '');
  const list = useInquiries(page, member);
  if (!member)
    return (
      <div className="page page-narrow inquiries-page">
        <PageHeader title="1:1 문의" />
        <Card>
          <p>1:1 문의는 로그인한 회원만 남길 수 있습니다.</p>
          <Link to={paths.login}>로그인하러 가기</Link>
        </Card>
      </div>
    );
  const data = list.data;
  return (
    <div className="page page-narrow inquiries-page">
      <PageHeader
        title="1:1 문의"
        description="주문이나 충전에 문제가 있으면 남겨주세요. 운영자가 답변합니다."
      />
      <Card>
        {writing ? (
          <NewInquiryForm orderId={givenOrder} />
        ) : (
          <Button onClick={() => setWriting(true)}>새 문의</Button>
        )}
      </Card>
      <Card>
        {data && data.items.length === 0 && <p>남긴 문의가 없습니다.</p>}
        {data && data.items.length > 0 && (
          <ul className="inquiry-list" aria-label="내 문의">
            {data.items.map((item) => (
              <li key={item.id}>
                <InquiryStateBadge state={item.state} />
                <Link to={paths.inquiry(item.id)}>
                  {item.title}
                  {item.unread && <span className="inquiry-unread">새 답변</span>}
                </Link>
                <span className="inquiry-meta">
                  {INQUIRY_TYPE_LABELS[item.type]}
                  {item.orderId !== null && ` · 주문 ${item.orderId}`} · {formatDateTime(item.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {data && (
          <Pagination
            page={page}
            lastPage={Math.ceil(data.total / data.pageSize)}
            hrefFor={(p) => `${paths.inquiries}?page=${p}`}
          />
        )}
      </Card>
    </div>
  );
}
