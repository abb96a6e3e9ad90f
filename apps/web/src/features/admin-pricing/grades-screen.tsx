import { useState, type FormEvent } from 'react';
import {
  formatDiscountBp,
  formatWon,
  GRADE_NAME_MAX_LENGTH,
  parseDiscountBp,
  PRICING_MESSAGES as M,
  validateGradeInput,
} from '@smm/domain';
import type { Grade } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { AdminPage, AdminSection, AdminStatus } from '@/features/admin/components/admin-page';
import { useDeleteGrade, useGrades, useSaveGrade } from './pricing-api';
import './pricing.css';

interface Draft {
  id: number | null;
  name: string;
  discount: string;
  minSpend: string;
  windowDays: string;
}

const EMPTY: Draft = { id: null, name: '', discount: '', minSpend: '', windowDays: '30' };

const draftOf = (grade: Grade): Draft => ({
  id: grade.id,
  name: grade.name,
  discount: formatDiscountBp(grade.discountBp).replace('%', ''),
  minSpend: grade.minSpendWon === null ? '' : String(grade.minSpendWon),
  windowDays: String(grade.windowDays),
});

/** '' → null (given by hand only); anything not a whole number → NaN, which the rule refuses. */
const wholeOrNull = (text: string) =>
  text.trim() === '' ? null : /^\d{1,10}$/.test(text.trim()) ? Number(text) : NaN;

/**
 * 회원 등급 (docs/product.md#member-grades-and-custom-rates): the grades with their discount, the spend
 * that earns each over its window (or 수동 전용), and how many members hold each; add, change, delete.
 */
export function GradesScreen() {
  const grades = useGrades();
  const save = useSaveGrade();
  const remove = useDeleteGrade();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [confirming, setConfirming] = useState<number | null>(null);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const discountBp = parseDiscountBp(draft.discount);
    const body = {
      name: draft.name,
      discountBp: discountBp ?? -1,
      minSpendWon: wholeOrNull(draft.minSpend),
      windowDays: Number(draft.windowDays),
    };
    const problem = discountBp === null ? M.DISCOUNT_INVALID : validateGradeInput(body);
    if (problem) {
      toast.error(problem);
      return;
    }
    save.mutate(
      { id: draft.id, body },
      {
        onSuccess: () => {
          toast.success(draft.id === null ? '등급을 추가했습니다.' : '등급을 수정했습니다.');
          setDraft(EMPTY);
        },
        onError: (error) => toast.error(errorMessage(error, '등급을 저장하지 못했습니다.')),
      },
    );
  }

  return (
    <AdminPage
      title="회원 등급"
      description="등급의 할인율만큼 모든 서비스 단가가 내려갑니다. 승급 기준이 있는 등급은 매일 0시(한국 시간) 첫 점검에서 최근 이용 금액으로 올리거나 내리고, 비워 두면 운영자만 줄 수 있습니다."
    >
      <AdminSection title={draft.id === null ? '새 등급' : `등급 수정: ${draft.name}`}>
        <form className="admin-form pricing-form" onSubmit={onSubmit} noValidate>
          <label className="pricing-field">
            <span>이름</span>
            <input
              className="admin-input"
              value={draft.name}
              maxLength={GRADE_NAME_MAX_LENGTH}
              onChange={set('name')}
            />
          </label>
          <label className="pricing-field">
            <span>할인율 (%)</span>
            <input
              className="admin-input"
              inputMode="decimal"
              value={draft.discount}
              onChange={set('discount')}
            />
          </label>
          <label className="pricing-field">
            <span>승급 기준 이용 금액 (원, 비우면 수동 전용)</span>
            <input
              className="admin-input"
              inputMode="numeric"
              value={draft.minSpend}
              onChange={set('minSpend')}
            />
          </label>
          <label className="pricing-field">
            <span>합산 기간 (일)</span>
            <input
              className="admin-input"
              inputMode="numeric"
              value={draft.windowDays}
              onChange={set('windowDays')}
            />
          </label>
          <div className="admin-form-actions">
            <Button type="submit" disabled={save.isPending}>
              {draft.id === null ? '추가' : '저장'}
            </Button>
            {draft.id !== null && (
              <Button variant="ghost" onClick={() => setDraft(EMPTY)}>
                취소
              </Button>
            )}
          </div>
        </form>
      </AdminSection>
      <AdminSection title="등급 목록">
        {grades.isPending ? (
          <AdminStatus kind="loading" />
        ) : grades.isError ? (
          <AdminStatus kind="error" />
        ) : grades.data.items.length === 0 ? (
          <AdminStatus kind="empty">등급이 없습니다.</AdminStatus>
        ) : (
          <ul className="admin-item-list" aria-label="등급 목록">
            {grades.data.items.map((grade) => (
              <li key={grade.id} className="admin-item pricing-grade">
                <div className="admin-item-main">
                  <strong>{grade.name}</strong>
                  <span>{formatDiscountBp(grade.discountBp)} 할인</span>
                  <span>
                    {grade.minSpendWon === null
                      ? '수동 전용'
                      : `최근 ${grade.windowDays}일 ${formatWon(grade.minSpendWon)} 이상`}
                  </span>
                  <span>회원 {grade.members}명</span>
                </div>
                <div className="admin-row-actions">
                  <Button size="sm" variant="outline" onClick={() => setDraft(draftOf(grade))}>
                    수정
                  </Button>
                  {confirming === grade.id ? (
                    <>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`${grade.name} 삭제 확인`}
                        disabled={remove.isPending}
                        onClick={() =>
                          remove.mutate(grade.id, {
                            onSuccess: () => toast.success('등급을 삭제했습니다.'),
                            onError: (error) =>
                              toast.error(errorMessage(error, '등급을 삭제하지 못했습니다.')),
                            onSettled: () => setConfirming(null),
                          })
                        }
                      >
                        삭제 확인
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                        취소
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`${grade.name} 삭제`}
                      onClick={() => setConfirming(grade.id)}
                    >
                      삭제
                    </Button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}
