import { useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * 삭제 with a second, explicit press: the first shows the question and 삭제/취소 in place (no modal,
 * so it works the same with a keyboard, a screen reader and a phone).
 */
export function ConfirmDelete({
  name,
  question,
  onConfirm,
  pending,
}: {
  /** What is deleted, for the buttons' accessible names (e.g. '공지: 점검 안내'). */
  name: string;
  /** The question shown on the first press (e.g. '이 공지를 삭제할까요?'). */
  question: string;
  onConfirm: () => void;
  pending?: boolean;
}) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Button
        size="sm"
        variant="ghost"
        className="content-danger"
        aria-label={`${name} 삭제`}
        onClick={() => setAsking(true)}
      >
        삭제
      </Button>
    );
  }
  return (
    <span className="content-confirm" role="group" aria-label={`${name} 삭제 확인`}>
      <span className="content-confirm-question">{question}</span>
      <Button
        size="sm"
        variant="primary"
        className="content-danger-solid"
        disabled={pending}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        삭제 확인
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
        취소
      </Button>
    </span>
  );
}
