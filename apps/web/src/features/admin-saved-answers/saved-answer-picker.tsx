import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { useSavedAnswers } from '@/features/admin/api/get-saved-answers';
import './saved-answer-picker.css';

/**
 * 자주 쓰는 답변 beside an inquiry's reply form (docs/product.md#inquiries): a select of the saved
 * answers, in the operators' order; choosing one hands its text to `onPick` (the form puts it in the
 * reply, where it can still be edited) and the select goes back to its prompt, so the same answer can be
 * picked again.
 */
export function SavedAnswerPicker({ onPick }: { onPick(text: string): void }) {
  const id = useId();
  const { data, isPending, isError } = useSavedAnswers();
  const answers = data ?? [];
  const prompt = isPending
    ? '불러오는 중…'
    : isError
      ? '불러오지 못했습니다'
      : answers.length === 0
        ? '등록된 답변이 없습니다'
        : '답변 고르기';

  return (
    <div className="saved-answer-picker">
      <label htmlFor={id}>자주 쓰는 답변</label>
      <select
        id={id}
        className="admin-input"
        value=""
        disabled={answers.length === 0}
        onChange={(event) => {
          const picked = answers.find((answer) => String(answer.id) === event.target.value);
          if (picked) onPick(picked.text);
        }}
      >
        <option value="">{prompt}</option>
        {answers.map((answer) => (
          <option key={answer.id} value={answer.id}>
            {answer.title}
          </option>
        ))}
      </select>
      <Link to={paths.admin.savedAnswers}>관리</Link>
    </div>
  );
}
