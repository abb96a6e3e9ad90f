/**
 * The console's members area: the words a suspended member reads, the operator's messages
 * and the rule of the suspend / restore / API-key-reset forms (a memo, mandatory for a suspension).
 */

/** What a suspended member reads at login, on a stale session and from the public API (REST). */
export const ACCOUNT_SUSPENDED_MESSAGE = '이용이 정지된 계정입니다. 고객센터로 문의해주세요.';

export const MEMBER_ADMIN_MESSAGES = {
  MEMBER_NOT_FOUND: '회원을 찾을 수 없습니다.',
  OPERATOR_NOT_SUSPENDABLE: '운영자 계정은 정지할 수 없습니다.',
  OPERATOR_NOT_MANAGED: '운영자 계정은 회원 관리에서 변경할 수 없습니다.',
  MEMO_REQUIRED: '정지 사유를 입력해주세요.',
  MEMO_TOO_LONG: '메모는 200자까지 입력할 수 있습니다.',
} as const;

export const MEMBER_ADMIN_MEMO_MAX = 200;

/** Members screen: 50 rows a page. */
export const ADMIN_MEMBERS_PAGE_SIZE = 50;

export const MEMBER_STATUS_FILTERS = ['active', 'suspended', 'all'] as const;
export type MemberStatusFilter = (typeof MEMBER_STATUS_FILTERS)[number];
export const MEMBER_STATUS_FILTER_LABELS: Record<MemberStatusFilter, string> = {
  active: '이용 중',
  suspended: '정지',
  all: '전체',
};

export const MEMBER_SORTS = ['joined', 'point', 'loginId'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];
export const MEMBER_SORT_LABELS: Record<MemberSort, string> = {
  joined: '가입일',
  point: '보유 포인트',
  loginId: '아이디',
};

/** A suspension needs a reason (it is what the audit log keeps); restoring and key resets do not. */
export function validateMemberActionMemo(memo: string, required: boolean): string | null {
  const trimmed = memo.trim();
  if (required && trimmed.length === 0) return MEMBER_ADMIN_MESSAGES.MEMO_REQUIRED;
  if (trimmed.length > MEMBER_ADMIN_MEMO_MAX) return MEMBER_ADMIN_MESSAGES.MEMO_TOO_LONG;
  return null;
}
