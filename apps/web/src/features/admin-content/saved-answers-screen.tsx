import { useState } from 'react';
import {
  SAVED_ANSWER_TEXT_MAX,
  SAVED_ANSWER_TITLE_MAX,
  validateSavedAnswer,
  type SavedAnswerInput,
} from '@smm/domain';
import { TextField } from '@/components/ui/field';
import { toast } from '@/lib/toast';
import { errorMessage } from '@/lib/api-client';
import { useSavedAnswers } from '@/features/admin/api/get-saved-answers';
import { ReorderButtons } from '@/features/admin/components/reorder-buttons';
import { useDeleteSavedAnswer, useReorderSavedAnswers, useSaveSavedAnswer } from './api/saved-answers';
import { ContentEditorForm, ContentListScreen, type Editing } from './content-list';
import './content-admin.css';

const EMPTY: SavedAnswerInput = { title: '', text: '' };

function SavedAnswerEditor({ editing, onDone }: { editing: Editing<SavedAnswerInput>; onDone: () => void }) {
  const [values, setValues] = useState(editing.values);
  const save = useSaveSavedAnswer();

  return (
    <ContentEditorForm
      editing={editing}
      values={values}
      validate={validateSavedAnswer}
      save={save}
      noun="자주 쓰는 답변"
      words={{
        added: '자주 쓰는 답변을 추가했습니다.',
        updated: '자주 쓰는 답변을 수정했습니다.',
        failed: '자주 쓰는 답변을 저장하지 못했습니다.',
        submitNew: '추가',
      }}
      onDone={onDone}
    >
      <TextField
        label="답변 이름"
        value={values.title}
        maxLength={SAVED_ANSWER_TITLE_MAX}
        onChange={(event) => setValues((v) => ({ ...v, title: event.target.value }))}
      />
      <div className="content-field">
        <label className="content-label" htmlFor="saved-answer-text">
          답변 내용
        </label>
        <textarea
          id="saved-answer-text"
          className="admin-input content-textarea"
          rows={6}
          value={values.text}
          maxLength={SAVED_ANSWER_TEXT_MAX}
          onChange={(event) => setValues((v) => ({ ...v, text: event.target.value }))}
        />
        <p className="content-hint">
          문의 답변 칸에 그대로 들어갑니다. 보내기 전에 고칠 수 있습니다. 새 답변은 목록 맨 아래에 추가됩니다.
        </p>
      </div>
    </ContentEditorForm>
  );
}

/** 자주 쓰는 답변 (docs/product.md#inquiries): the reply texts the inquiry screen offers, in this order. */
export function SavedAnswersScreen() {
  const answers = useSavedAnswers();
  const reorder = useReorderSavedAnswers();
  const remove = useDeleteSavedAnswer();

  const ids = answers.data?.map((answer) => answer.id) ?? [];
  const reorderTo = (order: number[]) =>
    reorder.mutate(order, {
      onError: (error) => toast.error(errorMessage(error, '순서를 바꾸지 못했습니다.')),
    });

  return (
    <ContentListScreen
      title="자주 쓰는 답변"
      description="1:1 문의에 답할 때 골라 쓰는 답변입니다. 회원에게는 보이지 않습니다."
      noun="자주 쓰는 답변"
      list="자주 쓰는 답변 목록"
      listAs="ol"
      empty={{ text: '등록된 자주 쓰는 답변이 없습니다.', values: EMPTY }}
      query={answers}
      remove={remove}
      deleteWords={{
        question: '이 답변을 삭제할까요?',
        deleted: '자주 쓰는 답변을 삭제했습니다.',
        failed: '자주 쓰는 답변을 삭제하지 못했습니다.',
      }}
      nameOf={(answer) => answer.title}
      valuesOf={(answer) => ({ title: answer.title, text: answer.text })}
      item={(answer, index) => (
        <>
          <span className="content-index" aria-hidden>
            {index + 1}
          </span>
          <div className="content-item-body">
            <p className="content-item-title">{answer.title}</p>
            <p className="content-item-text content-item-clamp">{answer.text}</p>
          </div>
        </>
      )}
      extraActions={(answer, index) => (
        <ReorderButtons
          ids={ids}
          index={index}
          label={answer.title}
          disabled={reorder.isPending}
          onReorder={reorderTo}
        />
      )}
      editor={(editing, onDone) => <SavedAnswerEditor editing={editing} onDone={onDone} />}
    />
  );
}
