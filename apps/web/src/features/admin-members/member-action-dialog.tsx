import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { MEMBER_ADMIN_MEMO_MAX, validateMemberActionMemo } from '@smm/domain';
import { AdminDialog, AdminDialogActions } from '@/features/admin/components/admin-dialog';
import { AdminTextArea } from '@/features/admin/components/admin-field';

export interface MemberActionDialogProps {
  title: string;
  /** What will happen, in a sentence or two. */
  description: ReactNode;
  confirmLabel: string;
  /** A suspension needs its reason; a restore or a key reset may go without. */
  memoRequired: boolean;
  danger?: boolean;
  pending: boolean;
  onConfirm: (memo: string) => void;
  onCancel: () => void;
}

/**
 * The memo dialog of the member actions (정지, 정지 해제, API 키 초기화): a native <dialog> opened
 * modally (focus kept inside, Esc closes it), the memo checked by the same rule the server runs.
 */
export function MemberActionDialog({
  title,
  description,
  confirmLabel,
  memoRequired,
  danger,
  pending,
  onConfirm,
  onCancel,
}: MemberActionDialogProps) {
  const memoId = useId();
  const [memo, setMemo] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const message = validateMemberActionMemo(memo, memoRequired);
    if (message) {
      setError(message);
      toast.error(message);
      return;
    }
    onConfirm(memo.trim());
  };

  return (
    <AdminDialog title={title} onClose={onCancel}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="member-dialog-description">{description}</div>
        <AdminTextArea
          label={memoRequired ? '사유' : '메모 (선택)'}
          id={memoId}
          value={memo}
          maxLength={MEMBER_ADMIN_MEMO_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${memoId}-error` : undefined}
          placeholder={memoRequired ? '감사 로그에 남을 사유를 입력해주세요.' : '필요하면 메모를 남겨주세요.'}
          onChange={(event) => {
            setMemo(event.target.value);
            setError(null);
          }}
        >
          {error && (
            <p id={`${memoId}-error`} className="member-dialog-error" role="alert">
              {error}
            </p>
          )}
        </AdminTextArea>
        <AdminDialogActions
          onCancel={onCancel}
          pending={pending}
          cancelDisabled={pending}
          submitLabel={confirmLabel}
          pendingLabel="처리 중…"
          danger={danger}
        />
      </form>
    </AdminDialog>
  );
}
