import { Card, PageHeader } from '@/components/ui/page';
import { TextField } from '@/components/ui/field';
import { useSession } from '@/lib/session/session-context';
import { useSiteSettings } from '@/lib/site-settings';
import { ApiKeyBlock } from '../components/api-key-block';
import { ChangePasswordBlock } from '../components/change-password-block';
import { DeleteAccountBlock } from '../components/delete-account-block';
import { GradeBlock } from '../components/grade-block';
import { ReferralBlock } from '../components/referral-block';
import '../components/account.css';

/**
 * Account settings (docs/product.md#account-page): the member's id, their grade (members only), the
 * referral code (ENABLE_REFERRAL), change password, the API key and account deletion. A guest sees the guest label as the id (the synthetic
 * guest profile) and is refused every action with the browse-only message.
 */
export function AccountRoute() {
  const { profile, member } = useSession();
  const { settings } = useSiteSettings();
  return (
    <div className="page page-narrow account-page">
      <PageHeader title="계정설정" description="내 계정 정보, 비밀번호와 API 키를 관리합니다." />
      <div className="account-stack">
        <Card className="account-card">
          <h2 className="account-section-title">내 정보</h2>
          <TextField label="아이디" value={profile?.id ?? ''} readOnly />
        </Card>
        {member && <GradeBlock />}
        {settings.flag('ENABLE_REFERRAL') && <ReferralBlock />}
        <ChangePasswordBlock />
        <ApiKeyBlock />
        <DeleteAccountBlock />
      </div>
    </div>
  );
}
