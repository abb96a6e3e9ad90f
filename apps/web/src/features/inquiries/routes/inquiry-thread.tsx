import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import {
  formatDateTime,
  INQUIRY_REOPEN_DAYS,
  INQUIRY_TYPE_LABELS,
  SessionState,
  validateInquiryText,
} from '@smm/domain';
import { Card, PageHeader } from '@/components/ui/page';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { useInquiryThread, useWriteInquiry } from '../api/inquiries-api';
import { InquiryImage, InquiryMessageFields, InquiryStateBadge } from '../components/inquiry-parts';
import '../components/inquiries.css';

const FALLBACK_ERROR = '메시지를 보내지 못했습니다. 잠시 후 다시 시도해 주세요.';

function WriteForm({ id, closed }: { id: number; closed: boolean }) {
  const write = useWriteInquiry(id);
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Counts the messages sent from this form: a new key empties the file field with the text.
  const [sent, setSent] = useState(0);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const refusal = validateInquiryText(text);
    setProblem(refusal);
    if (refusal) return;
    const form = new FormData();
    form.append('text', text);
    if (image) form.append('image', image);
    try {
      await write.mutateAsync(form);
      setText('');
      setImage(null);
      setSent((n) => n + 1);
    } catch (error) {
      setProblem(errorMessage(error, FALLBACK_ERROR));
    }
  }
  return (
    <form className="inquiry-form" onSubmit={(event) => void submit(event)} noValidate>
      {closed && <p className="inquiry-meta">종료된 문의입니다. 메시지를 남기면 다시 답변을 기다립니다.</p>}
      <InquiryMessageFields
        id="inquiry-reply"
        label="메시지"
        text={text}
        onText={setText}
        onImage={setImage}
        imageKey={sent}
        problem={problem}
        pending={write.isPending}
        submitLabel="보내기"
      />
    </form>
  );
}

/** `/inquiries/:id`: one inquiry's thread (text shown as text), and a message in it while it takes one. */
export function InquiryThreadRoute() {
  const { state } = useSession();
  const member = state === SessionState.AUTHORIZATION;
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const thread = useInquiryThread(id, member && valid);
  if (!member || !valid || thread.isError)
    return (
      <div className="page page-narrow inquiries-page">
        <PageHeader title="1:1 문의" />
        <Card>
          <p>{member ? '문의를 찾을 수 없습니다.' : '1:1 문의는 로그인한 회원만 볼 수 있습니다.'}</p>
          <Link to={paths.inquiries}>문의 목록으로</Link>
        </Card>
      </div>
    );
  const data = thread.data;
  if (!data)
    return (
      <div className="page page-narrow inquiries-page">
        <PageHeader title="1:1 문의" />
      </div>
    );
  const { inquiry, messages } = data;
  return (
    <div className="page page-narrow inquiries-page">
      <PageHeader title={inquiry.title} />
      <Card>
        <p className="inquiry-meta">
          <InquiryStateBadge state={inquiry.state} /> {INQUIRY_TYPE_LABELS[inquiry.type]}
          {inquiry.orderId !== null && ` · 주문 ${inquiry.orderId}`}
          {inquiry.chargeId !== null && ` · 충전 신청 ${inquiry.chargeId}`} ·{' '}
          {formatDateTime(inquiry.createdAt)}
        </p>
        <ol className="inquiry-thread" aria-label="문의 내용">
          {messages.map((message) => (
            <li key={message.id} className={`inquiry-message inquiry-message-${message.author}`}>
              <strong>{message.author === 'operator' ? '운영자 답변' : '내 메시지'}</strong>{' '}
              <span className="inquiry-meta">{formatDateTime(message.createdAt)}</span>
              <p className="inquiry-message-text">{message.text}</p>
              {message.attachmentUrl && <InquiryImage url={message.attachmentUrl} />}
            </li>
          ))}
        </ol>
      </Card>
      <Card>
        {inquiry.canWrite ? (
          <WriteForm id={inquiry.id} closed={inquiry.state === 'CLOSED'} />
        ) : (
          <p>
            종료된 지 {INQUIRY_REOPEN_DAYS}일이 지난 문의입니다. <Link to={paths.inquiries}>새 문의</Link>를
            남겨주세요.
          </p>
        )}
        <Link to={paths.inquiries}>문의 목록으로</Link>
      </Card>
    </div>
  );
}
