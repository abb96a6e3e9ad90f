/**
 * A member's point ledger and the manual balance adjustment form, shown on the member's page
 * (members/member-detail-screen.tsx embeds it).
 */
export function MemberLedgerPanel({ loginId }: { loginId: string }) {
  return <p className="admin-status">{loginId}: 준비 중</p>;
}
