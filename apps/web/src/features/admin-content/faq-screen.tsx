import { useState } from 'react';
import { FAQ_ANSWER_MAX, FAQ_TITLE_MAX, validateFaq, type FaqInput } from '@smm/domain';
import { TextField } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { ReorderButtons } from '@/features/admin/components/reorder-buttons';
import { useDeleteFaq } from './api/delete-faq';
import { useAdminFaqs } from './api/get-faqs';
import { useReorderFaqs } from './api/reorder-faqs';
import { useSaveFaq } from './api/save-faq';
import { ContentEditorForm, ContentListScreen, type Editing } from './content-list';
import './content-admin.css';

const EMPTY: FaqInput = { title: '', answer: '' };

function FaqEditor({ editing, onDone }: { editing: Editing<FaqInput>; onDone: () => void }) {
  const [values, setValues] = useState(editing.values);
  const save = useSaveFaq();

  return (
    <ContentEditorForm
      editing={editing}
      values={values}
      validate={validateFaq}
      save={save}
      noun="FAQ"
      words={{
        added: 'FAQ를 추가했습니다.',
        updated: 'FAQ를 수정했습니다.',
        failed: 'FAQ를 저장하지 못했습니다.',
        submitNew: '추가',
      }}
      onDone={onDone}
    >
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
    </ContentEditorForm>
  );
}

export function FaqScreen() {
  const faqs = useAdminFaqs();
  const reorder = useReorderFaqs();
  const remove = useDeleteFaq();

  const ids = faqs.data?.map((faq) => faq.id) ?? [];
  const reorderTo = (order: number[]) =>
    reorder.mutate(order, {
      onError: (error) => toast.error(errorMessage(error, '순서를 바꾸지 못했습니다.')),
    });

  return (
    <ContentListScreen
      title="FAQ"
      description="회원 메뉴의 자주 묻는 질문입니다. 여기 순서대로 보입니다. (사이트 설정의 FAQ 메뉴가 켜져 있어야 보입니다.)"
      noun="FAQ"
      list="FAQ 목록"
      listAs="ol"
      empty={{ text: '등록된 FAQ가 없습니다.', values: EMPTY }}
      query={faqs}
      remove={remove}
      deleteWords={{
        question: '이 FAQ를 삭제할까요?',
        deleted: 'FAQ를 삭제했습니다.',
        failed: 'FAQ를 삭제하지 못했습니다.',
      }}
      nameOf={(faq) => faq.title}
      valuesOf={(faq) => ({ title: faq.title, answer: faq.answer })}
      item={(faq, index) => (
        <>
          <span className="content-index" aria-hidden>
            {index + 1}
          </span>
          <div className="content-item-body">
            <p className="content-item-title">Q. {faq.title}</p>
            <p className="content-item-text content-item-clamp">A. {faq.answer}</p>
          </div>
        </>
      )}
      extraActions={(faq, index) => (
        <ReorderButtons
          ids={ids}
          index={index}
          label={faq.title}
          disabled={reorder.isPending}
          onReorder={reorderTo}
        />
      )}
      editor={(editing, onDone) => <FaqEditor editing={editing} onDone={onDone} />}
    />
  );
}
