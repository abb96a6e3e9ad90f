import { formatSeoulDateTime } from '@smm/domain';

/** 이용 중 / 정지 (with the date it was done, for the title tooltip). */
export function MemberStatusChip({ suspendedAt }: { suspendedAt: string | null }) {
  return suspendedAt ? (
    <span className="admin-chip admin-chip-danger" title={`${formatSeoulDateTime(suspendedAt)} 정지`}>
      정지
    </span>
  ) : (
    <span className="admin-chip admin-chip-success">이용 중</span>
  );
}
