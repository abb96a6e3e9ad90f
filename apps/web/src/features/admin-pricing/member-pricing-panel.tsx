import { useState, type FormEvent } from 'react';
import {
  customRateLabel,
  formatDiscountBp,
  formatUnitPrice,
  parseDiscountBp,
  parseUnitPriceMilli,
  PRICING_MESSAGES as M,
  validateCustomRate,
} from '@smm/domain';
import type { MemberPricingResponse } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { AdminStatus } from '@/features/admin/components/admin-page';
import {
  useDeleteMemberRate,
  useGrades,
  useMemberPricing,
  useSetMemberGrade,
  useSetMemberRate,
} from './pricing-api';
import './pricing.css';

/**
 * A member's 등급·단가 tab (docs/product.md#member-grades-and-custom-rates): the grade (수동 고정 or by
 * the daily rule) and the member's own prices per service. A rate below the upstream cost is refused
 * with cost and price shown; 손실 감수하고 저장 sends it again confirming the loss.
 */
export function MemberPricingPanel({ loginId }: { loginId: string }) {
  const pricing = useMemberPricing(loginId);
  if (pricing.isPending) return <AdminStatus kind="loading" />;
  if (pricing.isError) return <AdminStatus kind="error" />;
  return (
    <div className="admin-form">
      <GradeForm loginId={loginId} pricing={pricing.data} />
      <RateList loginId={loginId} pricing={pricing.data} />
      <RateForm loginId={loginId} />
    </div>
  );
}

function GradeForm({ loginId, pricing }: { loginId: string; pricing: MemberPricingResponse }) {
  const grades = useGrades();
  const save = useSetMemberGrade(loginId);
  const [gradeId, setGradeId] = useState(pricing.gradeId === null ? '' : String(pricing.gradeId));
  const [manual, setManual] = useState(pricing.gradeManual);
  const [memo, setMemo] = useState('');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    save.mutate(
      { gradeId: gradeId === '' ? null : Number(gradeId), manual, memo },
      {
        onSuccess: () => {
          toast.success('회원 등급을 저장했습니다.');
          setMemo('');
        },
        onError: (error) => toast.error(errorMessage(error, '회원 등급을 저장하지 못했습니다.')),
      },
    );
  }

  return (
    <form className="pricing-form" onSubmit={onSubmit} noValidate aria-label="회원 등급">
      <label className="pricing-field">
        <span>회원 등급</span>
        <select className="admin-input" value={gradeId} onChange={(event) => setGradeId(event.target.value)}>
          <option value="">없음 (일반)</option>
          {grades.data?.items.map((grade) => (
            <option key={grade.id} value={grade.id}>
              {grade.name} ({formatDiscountBp(grade.discountBp)} 할인)
            </option>
          ))}
        </select>
      </label>
      <label className="pricing-check">
        <input type="checkbox" checked={manual} onChange={(event) => setManual(event.target.checked)} />
        수동 고정 (매일 자동 승급·강등 안 함)
      </label>
      <label className="pricing-field">
        <span>메모</span>
        <input
          className="admin-input"
          value={memo}
          maxLength={500}
          onChange={(e) => setMemo(e.target.value)}
        />
      </label>
      <div className="admin-form-actions">
        <Button type="submit" disabled={save.isPending}>
          등급 저장
        </Button>
      </div>
    </form>
  );
}

function RateList({ loginId, pricing }: { loginId: string; pricing: MemberPricingResponse }) {
  const remove = useDeleteMemberRate(loginId);
  if (pricing.rates.length === 0) return <p className="pricing-note">회원 전용 단가가 없습니다.</p>;
  return (
    <ul className="admin-item-list" aria-label="회원 전용 단가">
      {pricing.rates.map((rate) => (
        <li key={rate.serviceId} className="admin-item pricing-grade">
          <div className="admin-item-main">
            <strong>
              #{rate.serviceId} {rate.service}
            </strong>
            <span>정가 {formatUnitPrice(rate.listPriceMilli)}</span>
            <span>
              회원 단가 {formatUnitPrice(rate.memberPriceMilli)} ({customRateLabel(rate)})
            </span>
            {rate.lossConfirmed && <span className="admin-chip admin-chip-danger">손실 감수</span>}
          </div>
          <div className="admin-row-actions">
            <Button
              size="sm"
              variant="ghost"
              aria-label={`${rate.service} 회원 단가 삭제`}
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(rate.serviceId, {
                  onSuccess: () => toast.success('회원 단가를 삭제했습니다.'),
                  onError: (error) => toast.error(errorMessage(error, '회원 단가를 삭제하지 못했습니다.')),
                })
              }
            >
              삭제
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function RateForm({ loginId }: { loginId: string }) {
  const save = useSetMemberRate(loginId);
  const [serviceId, setServiceId] = useState('');
  const [kind, setKind] = useState<'price' | 'discount'>('price');
  const [value, setValue] = useState('');
  const [memo, setMemo] = useState('');
  const [loss, setLoss] = useState<string | null>(null);
  // A loss is confirmed for the rate that was judged: editing the rate asks the margin guard again.
  const edit = (set: (value: string) => void) => (value: string) => {
    set(value);
    setLoss(null);
  };

  function send(lossConfirmed: boolean) {
    const id = /^\d{1,9}$/.test(serviceId.trim()) ? Number(serviceId) : null;
    if (id === null || id < 1) {
      toast.error(M.RATE_SERVICE_NOT_FOUND);
      return;
    }
    const rate =
      kind === 'price'
        ? { unitPriceMilli: parseUnitPriceMilli(value) ?? 0, discountBp: null }
        : { unitPriceMilli: null, discountBp: parseDiscountBp(value) ?? -1 };
    const problem = validateCustomRate(rate);
    if (problem) {
      toast.error(problem);
      return;
    }
    save.mutate(
      { serviceId: id, body: { ...rate, lossConfirmed, memo } },
      {
        onSuccess: () => {
          toast.success('회원 단가를 저장했습니다.');
          setLoss(null);
          setValue('');
          setMemo('');
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'CATALOG_BELOW_COST') setLoss(error.message);
          else toast.error(errorMessage(error, '회원 단가를 저장하지 못했습니다.'));
        },
      },
    );
  }

  return (
    <form
      className="pricing-form"
      aria-label="회원 단가 설정"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send(false);
      }}
    >
      <label className="pricing-field">
        <span>서비스 번호</span>
        <input
          className="admin-input"
          inputMode="numeric"
          value={serviceId}
          onChange={(e) => edit(setServiceId)(e.target.value)}
        />
      </label>
      <label className="pricing-field">
        <span>방식</span>
        <select
          className="admin-input"
          value={kind}
          onChange={(e) => edit((v) => setKind(v === 'discount' ? 'discount' : 'price'))(e.target.value)}
        >
          <option value="price">단가 (원/개)</option>
          <option value="discount">할인율 (%)</option>
        </select>
      </label>
      <label className="pricing-field">
        <span>{kind === 'price' ? '회원 단가 (원/개)' : '할인율 (%)'}</span>
        <input
          className="admin-input"
          inputMode="decimal"
          value={value}
          onChange={(e) => edit(setValue)(e.target.value)}
        />
      </label>
      <label className="pricing-field">
        <span>메모</span>
        <input
          className="admin-input"
          value={memo}
          maxLength={500}
          onChange={(e) => setMemo(e.target.value)}
        />
      </label>
      <div className="admin-form-actions">
        <Button type="submit" disabled={save.isPending}>
          단가 저장
        </Button>
      </div>
      {loss && (
        <div role="alert" className="pricing-note">
          <p>{loss}</p>
          <Button variant="outline" disabled={save.isPending} onClick={() => send(true)}>
            손실 감수하고 저장
          </Button>
        </div>
      )}
    </form>
  );
}
