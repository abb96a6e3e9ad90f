import { Button } from '@/components/ui/button';
import { AdminDialog } from '../../components/admin-dialog';

/** "정말 삭제할까요?" before a delete the operator cannot undo. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  pending,
  onConfirm,
  onClose,
}: {
  title: string;
  message: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <AdminDialog title={title} onClose={onClose}>
      <div className="admin-form">
        <p className="catalog-confirm-message">{message}</p>
        <div className="admin-form-actions">
          <Button type="button" variant="ghost" onClick={onClose}>
            취소
          </Button>
          <Button type="button" className="catalog-danger" disabled={pending} onClick={onConfirm}>
            {pending ? '처리 중…' : confirmLabel}
          </Button>
        </div>
      </div>
    </AdminDialog>
  );
}
