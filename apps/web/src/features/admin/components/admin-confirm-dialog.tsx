import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { AdminDialog, AdminDialogActions } from './admin-dialog';
import { AdminTextArea } from './admin-field';

export interface AdminConfirmDialogProps {
  title: string;
  /** What will happen, with the figures the operator should check. */
  description: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  pending: boolean;
  /** Offers an optional memo for the audit log, passed to `onConfirm` (수락, 거절, 발행 완료 처리). */
  memo?: boolean;
  /** The request; the dialog refuses a second confirm until it settles. */
  onConfirm: (memo: string) => unknown;
  onClose: () => void;
}

/**
 * The console's one confirm step (the member site's is components/ui/confirm-dialog.tsx): a decision
 * on a charge or a receipt with its memo, or a delete the operator cannot undo. An AdminDialog, so
 * focus stays inside and returns to the button that opened it.
 */
export function AdminConfirmDialog({
  title,
  description,
  confirmLabel,
  danger,
  pending,
  memo: withMemo,
  onConfirm,
  onClose,
}: AdminConfirmDialogProps) {
  const [memo, setMemo] = useState('');
  // A second click before React re-renders with `pending` must not send a second request.
  const sent = useRef(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || sent.current) return;
    sent.current = true;
    void Promise.resolve(onConfirm(memo.trim())).finally(() => {
      sent.current = false;
    });
  };

  return (
    <AdminDialog title={title} onClose={onClose}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <div className="admin-dialog-description">{description}</div>
        {withMemo && (
          <AdminTextArea
            label="메모 (선택)"
            value={memo}
            maxLength={200}
            placeholder="감사 로그에 남길 메모가 있으면 입력해주세요."
            onChange={(event) => setMemo(event.target.value)}
          />
        )}
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
