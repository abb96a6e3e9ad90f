import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  REFERRAL_REWARD_STATUS_LABELS,
  SELF_REFERRAL_SIGN_LABELS,
  formatSeoulDateTime,
  formatWon,
  type SelfReferralSign,
} from '@smm/domain';
import type { AdminReferralReward, AdminReferrerSummary } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { AdminConfirmDialog } from '@/features/admin/components/admin-confirm-dialog';
import { AdminPage, AdminSection } from '@/features/admin/components/admin-page';
import { DataTable, type ColumnDef } from '@/features/admin/components/data-table';
import { useReferralRewards, useRewardAction } from './api/referral-rewards';
import './rewards.css';

type Decision = { reward: AdminReferralReward; action: 'withhold' | 'release' };

const heldLabel = (reason: string | null) =>
  reason && Object.hasOwn(SELF_REFERRAL_SIGN_LABELS, reason)
    ? SELF_REFERRAL_SIGN_LABELS[reason as SelfReferralSign]
    : reason;

/**
 * 추천인 적립 (docs/product.md#referral-rewards-and-charge-bonuses): every referrer's totals, the latest
 * rewards (of one referrer after a click, kept in ?referrer=), and 적립 보류 / 적립 승인 with a memo.
 */
export function RewardsScreen() {
  const [params, setParams] = useSearchParams();
  const referrer = (params.get('referrer') ?? '').trim().slice(0, 100);
  const query = useReferralRewards(referrer);
  const [decision, setDecision] = useState<Decision | null>(null);

  const referrerColumns: ColumnDef<AdminReferrerSummary, never>[] = [
    {
      id: 'referrer',
      accessorFn: (row) => row.referrerLoginId as never,
      header: '추천인',
      size: 140,
      cell: ({ row }) => (
        <button
          type="button"
          className="rewards-link"
          onClick={() => setParams({ referrer: row.original.referrerLoginId })}
        >
          {row.original.referrerLoginId}
        </button>
      ),
    },
    { id: 'referred', accessorFn: (row) => row.referredCount as never, header: '추천한 회원', size: 100 },
    {
      id: 'pending',
      accessorFn: (row) => row.pendingCount as never,
      header: '적립 대기',
      size: 140,
      cell: ({ row }) => `${row.original.pendingCount}건 · 약 ${formatWon(row.original.pendingEstimate)}`,
    },
    { id: 'held', accessorFn: (row) => row.heldCount as never, header: '확인 대기', size: 90 },
    {
      id: 'credited',
      accessorFn: (row) => row.creditedWon as never,
      header: '적립 완료',
      size: 140,
      cell: ({ row }) => `${row.original.creditedCount}건 · ${formatWon(row.original.creditedWon)}`,
    },
    { id: 'withheld', accessorFn: (row) => row.withheldCount as never, header: '적립 보류', size: 90 },
  ];

  const rewardColumns: ColumnDef<AdminReferralReward, never>[] = [
    {
      id: 'earnedAt',
      accessorFn: (row) => row.earnedAt as never,
      header: '주문 완료',
      size: 150,
      cell: ({ row }) => formatSeoulDateTime(row.original.earnedAt),
    },
    { id: 'referrer', accessorFn: (row) => row.referrerLoginId as never, header: '추천인', size: 120 },
    { id: 'referred', accessorFn: (row) => row.referredLoginId as never, header: '추천받은 회원', size: 120 },
    { id: 'order', accessorFn: (row) => row.orderId as never, header: '주문', size: 80 },
    {
      id: 'spent',
      accessorFn: (row) => row.spent as never,
      header: '주문 금액',
      size: 110,
      cell: ({ row }) => formatWon(row.original.spent),
    },
    {
      id: 'amount',
      accessorFn: (row) => row.estimate as never,
      header: '적립액',
      size: 110,
      cell: ({ row }) =>
        row.original.amount === null
          ? `약 ${formatWon(row.original.estimate)}`
          : formatWon(row.original.amount),
    },
    {
      id: 'status',
      accessorFn: (row) => row.status as never,
      header: '상태',
      size: 150,
      cell: ({ row }) => {
        const r = row.original;
        const why = r.status === 'HELD' ? heldLabel(r.heldReason) : r.memo;
        return (
          <span>
            {REFERRAL_REWARD_STATUS_LABELS[r.status]}
            {why ? ` (${why})` : ''}
          </span>
        );
      },
    },
    {
      id: 'actions',
      header: '처리',
      size: 160,
      enableSorting: false,
      cell: ({ row }) => {
        const r = row.original;
        const open = r.status === 'PENDING' || r.status === 'HELD';
        return (
          <span className="rewards-actions">
            {r.status === 'HELD' && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setDecision({ reward: r, action: 'release' })}
              >
                승인
              </Button>
            )}
            {open && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setDecision({ reward: r, action: 'withhold' })}
              >
                보류
              </Button>
            )}
          </span>
        );
      },
    },
  ];

  return (
    <AdminPage
      title="추천인 적립"
      description="추천받은 회원의 완료된 주문에 대한 적립입니다. 같은 사람으로 보이는 추천은 확인 대기로 멈춥니다."
    >
      <AdminSection title="추천인별">
        <DataTable
          label="추천인별 적립 목록"
          columns={referrerColumns}
          rows={query.data?.referrers}
          isLoading={query.isLoading}
          isError={query.isError}
          emptyText="적립이 생긴 추천인이 없습니다."
          rowId={(row) => row.referrerLoginId}
        />
      </AdminSection>
      <AdminSection
        title={referrer ? `${referrer}님의 적립` : '최근 적립'}
        actions={
          referrer ? (
            <Button size="sm" variant="outline" onClick={() => setParams({})}>
              전체 보기
            </Button>
          ) : undefined
        }
      >
        <DataTable
          label="적립 내역"
          columns={rewardColumns}
          rows={query.data?.rewards}
          isLoading={query.isLoading}
          isError={query.isError}
          emptyText="적립 내역이 없습니다."
          rowId={(row) => String(row.id)}
        />
      </AdminSection>
      {decision && <RewardDecision decision={decision} onClose={() => setDecision(null)} />}
    </AdminPage>
  );
}

function RewardDecision({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const mutation = useRewardAction();
  const { reward, action } = decision;
  const confirm = async (memo: string) => {
    try {
      const result = await mutation.mutateAsync({ id: reward.id, action, memo });
      toast.success(
        !result.changed
          ? '이미 처리된 적립입니다.'
          : action === 'withhold'
            ? '적립을 보류했습니다.'
            : `${reward.referrerLoginId}님에게 ${formatWon(result.reward.amount ?? 0)}을 적립했습니다.`,
      );
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, '처리하지 못했습니다. 잠시 후 다시 시도해주세요.'));
    }
  };
  return (
    <AdminConfirmDialog
      memo
      title={action === 'withhold' ? '적립 보류' : '적립 승인'}
      confirmLabel={action === 'withhold' ? '보류하기' : '승인하기'}
      danger={action === 'withhold'}
      pending={mutation.isPending}
      onConfirm={confirm}
      onClose={onClose}
      description={
        <p>
          {reward.referrerLoginId}님이 추천한 {reward.referredLoginId}님의 주문 #{reward.orderId} (
          {formatWon(reward.spent)}) 적립입니다.{' '}
          {action === 'withhold'
            ? '보류하면 적립되지 않습니다. 사유를 메모에 남겨주세요.'
            : `승인하면 지금 약 ${formatWon(reward.estimate)}이 적립됩니다.`}
        </p>
      }
    />
  );
}
