import { formatDiscountBp, formatWon } from '@smm/domain';
import { Card } from '@/components/ui/page';
import { useMyGrade } from '../api/get-my-grade';

/**
 * The member's grade block on /account (docs/product.md#member-grades-and-custom-rates): the grade and
 * its discount, how many services carry the member's own price, and what the next grade needs. A new
 * grade is given at the daily run, after midnight (Seoul), which the block says.
 */
export function GradeBlock() {
  const { data, isError } = useMyGrade();
  return (
    <Card className="account-card">
      <div className="account-card-head">
        <h2 className="account-section-title">회원 등급</h2>
        <p className="account-text">등급에 따라 모든 서비스 단가가 할인됩니다.</p>
      </div>
      {isError && <p className="account-text">등급 정보를 불러오지 못했습니다.</p>}
      {data && (
        <dl className="account-grade">
          <div className="account-grade-row">
            <dt className="account-label">내 등급</dt>
            <dd data-testid="my-grade">
              {data.grade ? `${data.grade.name} (${formatDiscountBp(data.grade.discountBp)} 할인)` : '일반'}
            </dd>
          </div>
          {data.customRates > 0 && (
            <div className="account-grade-row">
              <dt className="account-label">회원 전용 단가</dt>
              <dd>{data.customRates}개 서비스</dd>
            </div>
          )}
          {data.next && (
            <div className="account-grade-row">
              <dt className="account-label">다음 등급</dt>
              <dd data-testid="next-grade">
                {data.next.name} ({formatDiscountBp(data.next.discountBp)} 할인): 최근 {data.next.windowDays}
                일 이용 금액 {formatWon(data.next.minSpendWon)} 이상 · 지금 {formatWon(data.next.spentWon)}
                {data.next.missingWon > 0
                  ? `, ${formatWon(data.next.missingWon)} 남음`
                  : ' · 다음 날 0시(한국 시간)에 승급됩니다'}
              </dd>
            </div>
          )}
        </dl>
      )}
    </Card>
  );
}
