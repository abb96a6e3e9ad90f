import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { FAQ_ANSWER_MAX, FAQ_TITLE_MAX, validateFaq, type FaqInput } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { ReorderButtons } from '@/features/admin/components/reorder-buttons';
import { useDeleteFaq } from './api/delete-faq';
import { useAdminFaqs } from './api/get-faqs';
import { useReorderFaqs } from './api/reorder-faqs';
import { useSaveFaq } from './api/save-faq';
import { ConfirmDelete } from './confirm-delete';
import './content-admin.css';

const EMPTY: FaqInput = { title: '', answer: '' };

function FaqEditor({
  editing,
  onDone,
}: {
  editing: { id: number | null; values: FaqInput };
  onDone: () => void;
}) {
  const [values, setValues] = useState(editing.values);
  const save = useSaveFaq();
  const isNew = editing.id === null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateFaq(values);
    if (problem) {
      toast.error(problem);
      return;
    }
    save.mutate(
      { id: editing.id, body: values },
      {
        onSuccess: () => {
          toast.success(isNew ? 'FAQ를 추가했습니다.' : 'FAQ를 수정했습니다.');
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, 'FAQ를 저장하지 못했습니다.')),
      },
    );
  }

  return (
    <AdminSection title={isNew ? '새 FAQ' : 'FAQ 수정'}>
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <TextField
          label="질문"
          value={values.title}
          maxLength={FAQ_TITLE_MAX}
          onChange={(event) => setValues((v) => ({ ...v, title: event.target.value }))}
        />
        <div className="content-field">
          <label className="content-label" htmlFor="faq-answer">
            답변
          </label>
          <textarea
            id="faq-answer"
            className="admin-input content-textarea"
            rows={6}
            value={values.answer}
            maxLength={FAQ_ANSWER_MAX}
            onChange={(event) => setValues((v) => ({ ...v, answer: event.target.value }))}
          />
          <p className="content-hint">
            줄바꿈은 회원 화면에도 그대로 보입니다. 새 FAQ는 목록 맨 아래에 추가됩니다.
          </p>
        </div>
        <div className="admin-form-actions">
          <Button variant="ghost" onClick={onDone}>
            취소
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? '저장 중…' : isNew ? '추가' : '저장'}
          </Button>
        </div>
      </form>
    </AdminSection>
  );
}

export function FaqScreen() {
  const { data, isPending, isError } = useAdminFaqs();
  const reorder = useReorderFaqs();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<{ id: number | null; values: FaqInput } | null>(null);
  const [editorKey, setEditorKey] = useState(0);

  const open = (id: number | null, values: FaqInput) => {
    setEditing({ id, values });
    setEditorKey((k) => k + 1);
  };

  const ids = data?.map((faq) => faq.id) ?? [];
  const reorderTo = (order: number[]) =>
    reorder.mutate(order, {
      onError: (error) => toast.error(errorMessage(error, '순서를 바꾸지 못했습니다.')),
    });

  return (
    <AdminPage
      title="FAQ"
      description="회원 메뉴의 자주 묻는 질문입니다. 여기 순서대로 보입니다. (사이트 설정의 FAQ 메뉴가 켜져 있어야 보입니다.)"
      actions={
        <Button onClick={() => open(null, EMPTY)} disabled={editing?.id === null}>
          새 FAQ
        </Button>
      }
    >
      {editing && <FaqEditor key={editorKey} editing={editing} onDone={() => setEditing(null)} />}
      <AdminSection title="FAQ 목록">
        {isPending ? (
          <AdminStatus kind="loading" />
        ) : isError ? (
          <AdminStatus kind="error" />
        ) : data.length === 0 ? (
          <AdminStatus kind="empty">등록된 FAQ가 없습니다.</AdminStatus>
        ) : (
          <ol className="content-list" aria-label="FAQ 목록">
            {data.map((faq, index) => (
              <li key={faq.id} className="content-item">
                <span className="content-index" aria-hidden>
                  {index + 1}
                </span>
                <div className="content-item-body">
                  <p className="content-item-title">Q. {faq.title}</p>
                  <p className="content-item-text content-item-clamp">A. {faq.answer}</p>
                </div>
                <div className="admin-row-actions content-item-actions">
                  <ReorderButtons
                    ids={ids}
                    index={index}
                    label={faq.title}
                    disabled={reorder.isPending}
                    onReorder={reorderTo}
                  />
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${faq.title} 수정`}
                    onClick={() => open(faq.id, { title: faq.title, answer: faq.answer })}
                  >
                    수정
                  </Button>
                  <ConfirmDelete
                    name={faq.title}
                    question="이 FAQ를 삭제할까요?"
                    pending={remove.isPending}
                    onConfirm={() =>
                      remove.mutate(faq.id, {
                        onSuccess: () => {
                          toast.success('FAQ를 삭제했습니다.');
                          if (editing?.id === faq.id) setEditing(null);
                        },
                        onError: (error) => toast.error(errorMessage(error, 'FAQ를 삭제하지 못했습니다.')),
                      })
                    }
                  />
                </div>
              </li>
            ))}
          </ol>
        )}
      </AdminSection>
    </AdminPage>
  );
}
