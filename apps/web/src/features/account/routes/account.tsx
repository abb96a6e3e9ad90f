import { Card, PageHeader } from '@/components/ui/page';
import { TextField } from '@/components/ui/field';
import { useSession } from '@/lib/session/session-context';
import { ApiKeyBlock } from '../components/api-key-block';
import '../components/account.css';

/**
 * Account settings (SPEC.md §2 screen 13), so far the member's id and the API key block. A guest sees
 * the guest label as the id (the synthetic guest profile) and is refused every action.
 */
export function AccountRoute() {
  const { profile } = useSession();
  return (
    <div className="page page-narrow account-page">
      <PageHeader title="계정설정" description="내 계정 정보와 API 키를 관리합니다." />
      <div className="account-stack">
        <Card className="account-card">
          <h2 className="account-section-title">내 정보</h2>
          <TextField label="아이디" value={profile?.id ?? ''} readOnly />
        </Card>
        <ApiKeyBlock />
      </div>
    </div>
  );
}
