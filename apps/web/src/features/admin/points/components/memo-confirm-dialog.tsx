import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AdminDialog, AdminDialogActions } from '../../components/admin-dialog';
import { AdminTextArea } from '../../components/admin-field';

export interface MemoConfirmDialogProps {
  title: string;
  /** What will happen, with the figures the operator should check. */
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  /** The request; the dialog refuses a second submit until it settles. */
  onConfirm: (memo: string) => Promise<unknown>;
  onClose: () => void;
}

/** A decision with an optional memo for the audit log (수락, 거절, 발행 완료 처리). */
export function MemoConfirmDialog({
  title,
  description,
  confirmLabel,
  danger,
  pending,
  onConfirm,
  onClose,
}: MemoConfirmDialogProps) {
  const [memo, setMemo] = useState('');
  // A second click before React re-renders with `pending` must not send a second request.
  const sent = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || sent.current) return;
    sent.current = true;
    void onConfirm(memo.trim()).finally(() => {
      sent.current = false;
    });
  };

  return (
    <AdminDialog title={title} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="points-dialog-description">{description}</div>
        <AdminTextArea
          label="메모 (선택)"
          value={memo}
          maxLength={200}
          placeholder="감사 로그에 남길 메모가 있으면 입력해주세요."
          onChange={(event) => setMemo(event.target.value)}
        />
        <AdminDialogActions
          onCancel={onClose}
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
