import { useId, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Copy, Gift } from 'lucide-react';
import { ACCOUNT_MESSAGES, BROWSE_ONLY_MESSAGE, SessionState, formatWon } from '@smm/domain';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/page';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { useSession } from '@/lib/session/session-context';
import { paths } from '@/lib/paths';
import { useReferralSummary } from '../api/get-referral';
import { useIssueReferralCode } from '../api/issue-referral-code';
import { REFERRAL_MESSAGES } from '../messages';

/**
 * The referral-code block (docs/product.md#account-page), shown only with ENABLE_REFERRAL: a member without a
 * code issues one (once; it never changes), then sees it with a copy button, the link to share
 * (`/register?ref=CODE`, which fills the sign-up form's field) and what the referrals earned
 * (docs/product.md#referral-rewards-and-charge-bonuses).
 */
export function ReferralBlock() {
  const { state, profile } = useSession();
  const issue = useIssueReferralCode();
  const [issued, setIssued] = useState<string | null>(null);
  const lock = useRef(false);
  const codeId = useId();
  const code = profile?.referralCode ?? issued;
  const summary = useReferralSummary(state === SessionState.AUTHORIZATION).data;
  const shareLink = code ? `${window.location.origin}${paths.register}?ref=${encodeURIComponent(code)}` : '';

  const onIssue = async () => {
    if (state !== SessionState.AUTHORIZATION) {
      toast.error(BROWSE_ONLY_MESSAGE);
      return;
    }
    if (lock.current) return;
    lock.current = true;
    try {
      const { referralCode } = await issue.mutateAsync();
      setIssued(referralCode);
      toast.success(ACCOUNT_MESSAGES.REFERRAL_ISSUED);
    } catch (error) {
      toast.error(errorMessage(error, ACCOUNT_MESSAGES.UNKNOWN));
    } finally {
      lock.current = false;
    }
  };

  return (
    <Card className="account-card">
      <div className="account-card-head">
        <h2 className="account-section-title">추천인 코드</h2>
        <p className="account-text">
          친구가 회원가입할 때 내 추천인 코드를 입력하면 나를 추천인으로 등록할 수 있습니다.
          {summary && summary.percent > 0 && (
            <>
              {' '}
              추천한 회원이 주문을 완료하면 주문 금액의 {summary.percent}%가 {summary.holdDays}일 뒤 포인트로
              적립됩니다. (현금 환불 불가)
            </>
          )}
        </p>
      </div>
      <div className="account-key-row">
        {code ? (
          <>
            <div className="account-key-current">
              <label className="account-label" htmlFor={codeId}>
                내 추천인 코드
              </label>
              <input
                id={codeId}
                className="account-code-value"
                readOnly
                value={code}
                onFocus={(event) => event.currentTarget.select()}
              />
            </div>
            <div className="account-key-actions">
              <Button
                variant="outline"
                aria-label="추천인 코드 복사"
                onClick={() => void copyText(code, REFERRAL_MESSAGES.COPIED)}
              >
                <Copy size={16} aria-hidden /> 복사
              </Button>
              <Button
                variant="outline"
                aria-label="추천 링크 복사"
                onClick={() => void copyText(shareLink, REFERRAL_MESSAGES.LINK_COPIED)}
              >
                <Copy size={16} aria-hidden /> 링크 복사
              </Button>
            </div>
          </>
        ) : (
          <>
            <div className="account-key-current">
              <span className="account-label">내 추천인 코드</span>
              <span className="account-key-none">{REFERRAL_MESSAGES.NONE}</span>
            </div>
            <div className="account-key-actions">
              <Button variant="outline" disabled={issue.isPending} onClick={() => void onIssue()}>
                <Gift size={16} aria-hidden /> {issue.isPending ? '발급하는 중…' : '추천인 코드 발급'}
              </Button>
            </div>
          </>
        )}
      </div>
      {code && <p className="account-text account-share-link">공유 링크: {shareLink}</p>}
      {summary && (
        <dl className="account-referral-stats" aria-label="추천 현황">
          <div>
            <dt>추천한 회원</dt>
            <dd>{summary.referredCount.toLocaleString('ko-KR')}명</dd>
          </div>
          <div>
            <dt>적립 대기</dt>
            <dd>
              {summary.pending.count.toLocaleString('ko-KR')}건 · 약 {formatWon(summary.pending.won)}
            </dd>
          </div>
          <div>
            <dt>적립 완료</dt>
            <dd>
              {summary.credited.count.toLocaleString('ko-KR')}건 · {formatWon(summary.credited.won)}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}
