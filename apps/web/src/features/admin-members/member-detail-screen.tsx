import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { formatPhoneNumber, formatSeoulDateTime, formatCount } from '@smm/domain';
import type { AdminMemberProfile } from '@smm/domain/contract';
import { Button, ButtonLink } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { DataTable } from '@/features/admin/components/data-table';
import { useMember } from './api/get-member';
import { useResetMemberApiKey } from './api/reset-member-api-key';
import { useRestoreMember } from './api/restore-member';
import { useSuspendMember } from './api/suspend-member';
import { MemberActionDialog } from './member-action-dialog';
import { MemberStatusChip } from './member-status-chip';
import { chargeColumns, orderColumns, refillColumns, won } from './member-detail-columns';
import './members.css';

type DialogKind = 'suspend' | 'restore' | 'reset-key';
type Tab = 'orders' | 'charges' | 'refills' | 'points' | 'pricing';
const TABS: { id: Tab; label: string }[] = [
  { id: 'orders', label: '주문' },
  { id: 'charges', label: '충전' },
  { id: 'refills', label: '리필' },
  { id: 'points', label: '포인트' },
  { id: 'pricing', label: '등급·단가' },
];

const PROVIDER_LABELS = { naver: '네이버', kakao: '카카오' } as const;

/**
 * 회원 상세 (/admin/members/:loginId): profile, actions, recent orders and charges, the ledger. The
 * 포인트 tab shows `pointsPanel`: the points area's ledger and adjustment, and 등급·단가 `pricingPanel`,
 * composed in by the console's routes (app/admin-app.tsx), so the members area imports neither area.
 */
export function MemberDetailScreen({
  pointsPanel,
  pricingPanel,
}: {
  pointsPanel?: (loginId: string) => ReactNode;
  /** The member's grade and custom rates (docs/product.md#member-grades-and-custom-rates). */
  pricingPanel?: (loginId: string) => ReactNode;
}) {
  const { loginId = '' } = useParams();
  const member = useMember(loginId);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [tab, setTab] = useState<Tab>('orders');

  if (member.isError && isApiError(member.error) && member.error.status === 404) {
    return (
      <AdminPage title="회원 상세">
        <AdminSection>
          <div className="member-not-found" role="alert">
            <p>회원을 찾을 수 없습니다.</p>
            <ButtonLink to={paths.admin.members} variant="secondary">
              회원 목록으로
            </ButtonLink>
          </div>
        </AdminSection>
      </AdminPage>
    );
  }
  const data = member.data;
  if (!data) {
    return (
      <AdminPage title="회원 상세">
        <AdminSection>
          <AdminStatus kind={member.isError ? 'error' : 'loading'} />
        </AdminSection>
      </AdminPage>
    );
  }
  const profile = data.member;
  // The server's spelling of the id (the URL may differ in case).
  const id = profile.loginId;

  return (
    <AdminPage
      title={id}
      description={
        <span className="member-header">
          <Link className="member-back" to={paths.admin.members}>
            ← 회원 목록
          </Link>
          <MemberStatusChip suspendedAt={profile.suspendedAt} />
        </span>
      }
      actions={
        <>
          {profile.suspendedAt ? (
            <Button variant="secondary" onClick={() => setDialog('restore')}>
              정지 해제
            </Button>
          ) : (
            <Button variant="outline" className="member-danger-outline" onClick={() => setDialog('suspend')}>
              정지
            </Button>
          )}
          <Button variant="outline" onClick={() => setDialog('reset-key')} disabled={profile.apiKey === null}>
            API 키 초기화
          </Button>
        </>
      }
    >
      <ProfileCard profile={profile} />

      <AdminSection>
        <MemberTabs tab={tab} onChange={setTab} />
        <div role="tabpanel" id={`member-tab-${tab}`} aria-labelledby={`member-tab-button-${tab}`}>
          {tab === 'orders' && (
            <DataTable
              label="최근 주문"
              columns={orderColumns}
              rows={data.recentOrders}
              emptyText="주문이 없습니다."
              rowId={(row) => `${row.kind}-${row.id}`}
            />
          )}
          {tab === 'charges' && (
            <DataTable
              label="최근 충전 신청"
              columns={chargeColumns}
              rows={data.recentCharges}
              emptyText="충전 신청이 없습니다."
              rowId={(row) => String(row.id)}
            />
          )}
          {tab === 'refills' && (
            <DataTable
              label="최근 리필 요청"
              columns={refillColumns}
              rows={data.recentRefills}
              emptyText="리필 요청이 없습니다."
              rowId={(row) => String(row.id)}
            />
          )}
          {tab === 'points' && pointsPanel?.(id)}
          {tab === 'pricing' && pricingPanel?.(id)}
        </div>
        {tab !== 'points' && tab !== 'pricing' && (
          <p className="members-summary">최근 20건까지 보여줍니다.</p>
        )}
      </AdminSection>

      {dialog && <MemberDialog kind={dialog} loginId={id} onClose={() => setDialog(null)} />}
    </AdminPage>
  );
}

function ProfileCard({ profile }: { profile: AdminMemberProfile }) {
  const rows: [string, ReactNode][] = [
    ['이메일', profile.email || '-'],
    ['전화번호', profile.phoneNumber ? formatPhoneNumber(profile.phoneNumber) : '-'],
    ['보유 포인트', won(profile.point)],
    ['총 충전', won(profile.totalCharged)],
    ['총 사용', won(profile.totalSpent)],
    ['주문 수', `${formatCount(profile.orderCount)}건`],
    ['가입 경로', profile.registerWhere || '-'],
    ['가입일', formatSeoulDateTime(profile.createdAt)],
    ['정지일', profile.suspendedAt ? formatSeoulDateTime(profile.suspendedAt) : '-'],
    ['추천 코드', profile.referralCode ?? '-'],
    [
      '추천인',
      profile.referredBy ? (
        <Link className="member-link" to={paths.admin.member(profile.referredBy)}>
          {profile.referredBy}
        </Link>
      ) : (
        '-'
      ),
    ],
    ['API 키', profile.apiKey ?? '발급되지 않음'],
    [
      '소셜 로그인',
      profile.socialProviders.length
        ? profile.socialProviders.map((provider) => PROVIDER_LABELS[provider]).join(', ')
        : '-',
    ],
  ];
  return (
    <AdminSection title="프로필">
      <dl className="member-profile">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </AdminSection>
  );
}

/** Tabs with arrow-key movement (WAI-ARIA tabs pattern). */
function MemberTabs({ tab, onChange }: { tab: Tab; onChange: (tab: Tab) => void }) {
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = TABS[(index + step + TABS.length) % TABS.length]!;
    onChange(next.id);
    document.getElementById(`member-tab-button-${next.id}`)?.focus();
  };
  return (
    <div className="member-tabs" role="tablist" aria-label="회원 내역" onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t.id}
          id={`member-tab-button-${t.id}`}
          type="button"
          role="tab"
          className="member-tab"
          aria-selected={t.id === tab}
          aria-controls={`member-tab-${t.id}`}
          tabIndex={t.id === tab ? 0 : -1}
          onClick={() => onChange(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

function MemberDialog({
  kind,
  loginId,
  onClose,
}: {
  kind: DialogKind;
  loginId: string;
  onClose: () => void;
}) {
  const suspend = useSuspendMember(loginId);
  const restore = useRestoreMember(loginId);
  const resetKey = useResetMemberApiKey(loginId);
  const mutation = kind === 'suspend' ? suspend : kind === 'restore' ? restore : resetKey;
  const text = {
    suspend: {
      title: '회원 정지',
      description: (
        <p>
          <strong>{loginId}</strong> 회원은 바로 로그아웃되고 로그인과 API 사용이 막힙니다. 이미 결제한 주문은
          계속 처리됩니다.
        </p>
      ),
      confirm: '정지',
      done: '회원을 정지했습니다.',
      already: '이미 정지된 회원입니다.',
    },
    restore: {
      title: '정지 해제',
      description: (
        <p>
          <strong>{loginId}</strong> 회원이 다시 로그인하고 API 키를 사용할 수 있습니다.
        </p>
      ),
      confirm: '정지 해제',
      done: '정지를 해제했습니다.',
      already: '이미 이용 중인 회원입니다.',
    },
    'reset-key': {
      title: 'API 키 초기화',
      description: (
        <p>
          <strong>{loginId}</strong> 회원의 API 키가 바로 사용 중지됩니다. 회원이 계정설정에서 새 키를
          발급해야 합니다.
        </p>
      ),
      confirm: '초기화',
      done: 'API 키를 초기화했습니다.',
      already: '발급된 API 키가 없습니다.',
    },
  }[kind];

  return (
    <MemberActionDialog
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      memoRequired={kind === 'suspend'}
      danger={kind !== 'restore'}
      pending={mutation.isPending}
      onCancel={onClose}
      onConfirm={(memo) =>
        mutation.mutate(
          { memo },
          {
            onSuccess: (answer) => {
              if (answer.changed) toast.success(text.done);
              else toast.info(text.already);
              onClose();
            },
            onError: (error) => toast.error(errorMessage(error, '처리하지 못했습니다. 다시 시도해주세요.')),
          },
        )
      }
    />
  );
}
