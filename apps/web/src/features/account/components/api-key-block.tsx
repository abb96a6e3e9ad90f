import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { AlertTriangle, Copy, KeyRound } from 'lucide-react';
import { BROWSE_ONLY_MESSAGE, SessionState } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session/session-context';
import { useIssueApiKey } from '../api/issue-api-key';
import { API_KEY_MESSAGES } from '../messages';
import { copyText } from '@/lib/clipboard';

interface IssuedKey {
  key: string;
  /** A key existed before, so the warning says that one no longer works. */
  replaced: boolean;
}

/**
 * The API key block (docs/product.md#account-page). The profile holds only the key masked; a new key is
 * shown in full once, right after it is issued, and never again. Renewing kills the old key at once, so
 * with a key in place the button asks for a second press first.
 */
export function ApiKeyBlock() {
  const { state, profile } = useSession();
  const issue = useIssueApiKey();
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<IssuedKey | null>(null);
  const lock = useRef(false);
  const warningId = useId();
  const newKeyId = useId();
  const current = profile?.apiKey ?? null;

  const onPress = async () => {
    if (state !== SessionState.AUTHORIZATION) {
      toast.error(BROWSE_ONLY_MESSAGE);
      return;
    }
    if (lock.current) return;
    if (current !== null && !confirming) {
      setConfirming(true);
      return;
    }
    lock.current = true;
    setConfirming(false);
    try {
      const { apiKey } = await issue.mutateAsync();
      setIssued({ key: apiKey, replaced: current !== null });
      toast.success(current !== null ? API_KEY_MESSAGES.RENEWED : API_KEY_MESSAGES.ISSUED);
    } catch (error) {
      toast.error(errorMessage(error, API_KEY_MESSAGES.FAILED));
    } finally {
      lock.current = false;
    }
  };

  const label = issue.isPending
    ? '발급하는 중…'
    : confirming
      ? '정말 재발급할까요?'
      : current !== null
        ? '재발급'
        : '발급';

  return (
    <Card className="account-card">
      <div className="account-card-head">
        <h2 className="account-section-title">API 키</h2>
        <p className="account-text">
          API 키로 서비스 조회, 주문, 주문 상태 확인을 프로그램에서 할 수 있습니다. 키는 비밀번호처럼 보관해
          주세요.{' '}
          <Link className="account-link" to={paths.apiDocs}>
            API 문서 보기
          </Link>
        </p>
      </div>

      <div className="account-key-row">
        <div className="account-key-current">
          <span className="account-label">현재 API 키</span>
          {current !== null ? (
            <code className="account-key-mask">{current}</code>
          ) : (
            <span className="account-key-none">{API_KEY_MESSAGES.NONE}</span>
          )}
        </div>
        <div className="account-key-actions">
          {confirming && (
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              취소
            </Button>
          )}
          <Button
            variant={confirming ? 'primary' : 'outline'}
            className={confirming ? 'account-danger' : undefined}
            disabled={issue.isPending}
            aria-describedby={confirming ? warningId : undefined}
            onClick={() => void onPress()}
          >
            <KeyRound size={16} aria-hidden /> {label}
          </Button>
        </div>
      </div>

      {confirming && (
        <p className="account-warning" id={warningId} role="alert">
          <AlertTriangle size={18} aria-hidden />
          <span>
            재발급하면 지금 쓰는 API 키는 즉시 사용할 수 없습니다. 이 키를 쓰는 프로그램은 새 키로 바꿔야
            합니다. 계속하려면 한 번 더 누르세요.
          </span>
        </p>
      )}

      {issued && (
        <div className="account-new-key" role="status">
          <label className="account-label" htmlFor={newKeyId}>
            새 API 키
          </label>
          <div className="account-new-key-row">
            {/* A textarea, so a phone shows the whole key on two lines instead of a sliver of it. */}
            <textarea
              id={newKeyId}
              className="input account-key-input"
              readOnly
              rows={2}
              value={issued.key}
              spellCheck={false}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="primary" onClick={() => void copyText(issued.key)} aria-label="새 API 키 복사">
              <Copy size={16} aria-hidden /> 복사
            </Button>
          </div>
          <p className="account-warning account-warning-plain">
            <AlertTriangle size={18} aria-hidden />
            <span>
              이 키는 지금 한 번만 표시되며 다시 볼 수 없습니다. 지금 복사해 안전한 곳에 보관하세요.
              {issued.replaced && ' 이전 API 키는 지금부터 사용할 수 없습니다.'}
            </span>
          </p>
        </div>
      )}
    </Card>
  );
}
