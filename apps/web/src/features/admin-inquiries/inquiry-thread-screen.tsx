import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { formatSeoulDateTime, INQUIRY_TYPE_LABELS, validateInquiryText } from '@smm/domain';
import type { AdminInquiryMessage, AdminInquiryThread } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { AdminTextArea } from '@/features/admin/components/admin-field';
import { useAdminInquiryThread, useThreadAction } from './api/admin-inquiries-api';
import { InquiryStateChip, waitedFor } from './inquiry-format';
import { LinkedPanel, type ChargeActionsSlot, type OrderActionsSlot } from './linked-panel';
import './admin-inquiries.css';

/** Where a saved answer (자주 쓰는 답변) is picked: it puts its text into the reply being written. */
export type AnswerPicker = (onPick: (text: string) => void) => ReactNode;

/** What app/admin-app.tsx composes into the screen from other areas. */
export interface ThreadSlots {
  answerPicker?: AnswerPicker;
  orderActions?: OrderActionsSlot;
  chargeActions?: ChargeActionsSlot;
  /** An attachment: its address answers only with the operator's token (fetched, shown from the bytes). */
  image?: (url: string) => ReactNode;
}

function Message({ message, image }: { message: AdminInquiryMessage; image: ThreadSlots['image'] }) {
  const kind = message.internal ? 'note' : message.author;
  return (
    <li className={`inquiries-message inquiries-message-${kind}`}>
      <p className="inquiries-message-head">
        {message.internal ? (
          <span className="inquiries-note-label">내부 메모 · 회원에게 보이지 않음</span>
        ) : (
          <span>{message.author === 'member' ? '회원' : '운영자'}</span>
        )}
        <span className="inquiries-muted">
          {message.authorLoginId} · {formatSeoulDateTime(message.createdAt)}
        </span>
      </p>
      {/* Text as text: React escapes it, line breaks kept by CSS. */}
      <p className="inquiries-message-text">{message.text}</p>
      {message.attachmentUrl &&
        (image ? image(message.attachmentUrl) : <span className="inquiries-muted">첨부 이미지</span>)}
    </li>
  );
}

function TextForm({
  label,
  submitLabel,
  placeholder,
  pending,
  onSend,
  extra,
  value,
  setValue,
}: {
  label: string;
  submitLabel: string;
  placeholder: string;
  pending: boolean;
  onSend: (text: string) => Promise<unknown>;
  extra?: ReactNode;
  value: string;
  setValue: (text: string) => void;
}) {
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = validateInquiryText(value);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      await onSend(value);
      setValue('');
    } catch (error) {
      toast.error(errorMessage(error, '보내지 못했습니다. 잠시 후 다시 시도해주세요.'));
    }
  };
  return (
    <form className="admin-form inquiries-form" onSubmit={(event) => void submit(event)} noValidate>
      {extra}
      <AdminTextArea
        label={label}
        rows={4}
        value={value}
        placeholder={placeholder}
        onChange={(event) => setValue(event.target.value)}
      />
      <div className="inquiries-form-actions">
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? '보내는 중…' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

function ThreadHead({ thread }: { thread: AdminInquiryThread }) {
  const { inquiry, operators } = thread;
  const action = useThreadAction(inquiry.id);
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
    } catch (error) {
      toast.error(errorMessage(error, '처리하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    }
  };
  return (
    <div className="inquiries-head">
      <dl className="inquiries-facts">
        <dt>상태</dt>
        <dd>
          <InquiryStateChip state={inquiry.state} />
          {inquiry.waitingSince && (
            <span className="inquiries-muted"> {waitedFor(inquiry.waitingSince, Date.now())} 대기</span>
          )}
        </dd>
        <dt>유형</dt>
        <dd>{INQUIRY_TYPE_LABELS[inquiry.type]}</dd>
        <dt>회원</dt>
        <dd>
          <Link className="inquiries-link" to={paths.admin.member(inquiry.loginId)}>
            {inquiry.loginId}
          </Link>
        </dd>
        <dt>문의일시</dt>
        <dd>{formatSeoulDateTime(inquiry.createdAt)}</dd>
      </dl>
      <div className="inquiries-head-actions">
        <label className="field-label" htmlFor="inquiry-assignee">
          담당자
        </label>
        <select
          id="inquiry-assignee"
          className="admin-input inquiries-assignee"
          value={inquiry.assignedOperatorId ?? ''}
          disabled={action.isPending}
          onChange={(event) => {
            const operatorId = event.target.value ? Number(event.target.value) : null;
            void act(
              () => action.mutateAsync({ kind: 'assign', operatorId }),
              operatorId === null ? '담당자를 지웠습니다.' : '담당자를 지정했습니다.',
            );
          }}
        >
          <option value="">미지정</option>
          {operators.map((operator) => (
            <option key={operator.id} value={operator.id}>
              {operator.loginId}
            </option>
          ))}
        </select>
        {inquiry.state !== 'CLOSED' && (
          <Button
            size="sm"
            variant="outline"
            disabled={action.isPending}
            onClick={() => void act(() => action.mutateAsync({ kind: 'close' }), '문의를 종료했습니다.')}
          >
            문의 종료
          </Button>
        )}
      </div>
    </div>
  );
}

function Thread({
  thread,
  slots,
  refetch,
}: {
  thread: AdminInquiryThread;
  slots: ThreadSlots;
  refetch: () => Promise<unknown>;
}) {
  const { answerPicker } = slots;
  const { inquiry, messages } = thread;
  const action = useThreadAction(inquiry.id);
  const [reply, setReply] = useState('');
  const [note, setNote] = useState('');
  const closed = inquiry.state === 'CLOSED';
  return (
    <AdminPage title={inquiry.title} description={`1:1 문의 #${inquiry.id}`}>
      <p>
        <Link className="inquiries-link" to={paths.admin.inquiries}>
          ← 문의 목록
        </Link>
      </p>
      <div className="inquiries-layout">
        <div className="inquiries-main">
          <AdminSection className="inquiries-part-head">
            <ThreadHead thread={thread} />
          </AdminSection>
          <AdminSection title="대화" className="inquiries-part-talk">
            <ol className="inquiries-messages" aria-label="대화">
              {messages.map((message) => (
                <Message key={message.id} message={message} image={slots.image} />
              ))}
            </ol>
          </AdminSection>
          <AdminSection title="답변" className="inquiries-part-reply">
            {closed ? (
              <p className="inquiries-muted">
                종료된 문의에는 답변할 수 없습니다. 회원이 다시 쓰면 열립니다.
              </p>
            ) : (
              <TextForm
                label="회원에게 보낼 답변"
                submitLabel="답변 보내기"
                placeholder="회원에게 보이고 이메일로 알려집니다."
                pending={action.isPending}
                value={reply}
                setValue={setReply}
                onSend={(text) => action.mutateAsync({ kind: 'reply', text })}
                // 자주 쓰는 답변: the picker (features/admin-saved-answers) is plugged in here by
                // admin-app.tsx; a pick is appended to the reply being written.
                extra={answerPicker?.((text) =>
                  setReply((current) => (current ? `${current}\n${text}` : text)),
                )}
              />
            )}
          </AdminSection>
          <AdminSection title="내부 메모" className="inquiries-part-note">
            <TextForm
              label="운영자끼리 남기는 메모"
              submitLabel="메모 남기기"
              placeholder="회원에게는 보이지 않습니다."
              pending={action.isPending}
              value={note}
              setValue={setNote}
              onSend={(text) => action.mutateAsync({ kind: 'note', text })}
            />
          </AdminSection>
        </div>
        <aside className="inquiries-side" aria-label="연결된 주문·충전">
          <AdminSection>
            <LinkedPanel
              thread={thread}
              orderActions={slots.orderActions}
              chargeActions={slots.chargeActions}
              onChanged={refetch}
            />
          </AdminSection>
        </aside>
      </div>
    </AdminPage>
  );
}

/** One inquiry (/admin/inquiries/:id): its thread, the linked order or charge beside it, and the forms. */
export function InquiryThreadScreen(slots: ThreadSlots) {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id >= 1;
  const thread = useAdminInquiryThread(id, valid);
  if (!valid || thread.isError) return <AdminStatus kind="error">문의를 찾을 수 없습니다.</AdminStatus>;
  if (!thread.data) return <AdminStatus kind="loading" />;
  return <Thread thread={thread.data} slots={slots} refetch={thread.refetch} />;
}
