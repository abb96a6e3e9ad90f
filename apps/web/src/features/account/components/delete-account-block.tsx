import { startTransition, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { AlertTriangle, UserX } from 'lucide-react';
import { ACCOUNT_MESSAGES, BROWSE_ONLY_MESSAGE, SessionState, STORAGE_KEYS } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { useDeleteAccount } from '../api/delete-account';

/** What deletion means, said before the button (docs/product.md#account-page). */
const DELETION_WARNINGS = [
  '보유한 포인트가 모두 사라지며 환불되지 않습니다.',
  '탈퇴한 계정은 다시 사용할 수 없습니다.',
  '탈퇴 후에는 어떤 방법으로도 복구할 수 없습니다.',
  '버튼을 누르는 즉시 탈퇴가 처리됩니다.',
] as const;

/**
 * Account deletion (docs/product.md#account-page): the button needs a second press; success clears the
 * caches, leaves the session as a guest and goes to /.
 */
export function DeleteAccountBlock() {
  const { state, profile, startGuest } = useSession();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [confirming, setConfirming] = useState(false);
  const lock = useRef(false);
  const warningId = useId();

  const onPress = async () => {
    if (state !== SessionState.AUTHORIZATION) {
      toast.error(BROWSE_ONLY_MESSAGE);
      return;
    }
    if (lock.current) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    lock.current = true;
    try {
      await deletion.mutateAsync();
      // The login form must not offer the id of an account that no longer exists.
      if (profile && localStorage.getItem(STORAGE_KEYS.REMEMBERED_ID) === profile.id) {
        localStorage.removeItem(STORAGE_KEYS.REMEMBERED_ID);
      }
      toast.success(ACCOUNT_MESSAGES.ACCOUNT_DELETED);
      // One transition, so the signed-in route set is not re-rendered on /account without a session.
      startTransition(() => {
        startGuest();
        navigate(paths.home);
      });
    } catch {
      toast.error(ACCOUNT_MESSAGES.ACCOUNT_DELETE_FAILED);
      setConfirming(false);
      lock.current = false;
    }
  };

  return (
    <Card className="account-card account-danger-card">
      <div className="account-card-head">
        <h2 className="account-section-title">회원탈퇴</h2>
        <p className="account-text">탈퇴하기 전에 아래 내용을 꼭 확인해 주세요.</p>
      </div>
      <div className="account-warning" id={warningId}>
        <AlertTriangle size={18} aria-hidden />
        <ul className="account-warning-list">
          {DELETION_WARNINGS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div className="account-form-actions">
        {confirming && (
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={deletion.isPending}>
            취소
          </Button>
        )}
        <Button
          variant={confirming ? 'primary' : 'outline'}
          className={confirming ? 'account-danger' : 'account-danger-outline'}
          aria-describedby={warningId}
          disabled={deletion.isPending}
          onClick={() => void onPress()}
        >
          <UserX size={16} aria-hidden /> {confirming ? '정말 탈퇴하시겠습니까?' : '회원탈퇴'}
        </Button>
      </div>
    </Card>
  );
}
