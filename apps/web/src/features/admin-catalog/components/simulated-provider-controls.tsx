import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { SimulatedListingRequest } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSetSimulatedListing } from '../api/catalog-sync';

/** The demo's simulated provider only: change what it lists, so a sync has something to follow. */
export function SimulatedControls() {
  const change = useSetSimulatedListing();
  const [service, setService] = useState('1');
  const [rate, setRate] = useState('');
  const [currency, setCurrency] = useState('USD');
  const send = (action: SimulatedListingRequest['action']) => {
    const id = Number(service);
    if (!Number.isSafeInteger(id) || id < 1) {
      toast.error('공급사 상품 번호를 입력해주세요.');
      return;
    }
    change.mutate(
      {
        id,
        body:
          action === 'rate'
            ? { action, rate: rate.trim() }
            : action === 'currency'
              ? { action, currency: currency.trim().toUpperCase() || 'KRW' }
              : { action },
      },
      {
        onSuccess: () =>
          toast.success(
            `${action === 'rate' || action === 'drop' || action === 'restore' ? `데모 공급사 상품 ${id}번을` : '데모 공급사를'} 바꿨습니다. 지금 동기화로 반영해보세요.`,
          ),
        onError: (error) => toast.error(errorMessage(error, '바꾸지 못했습니다.')),
      },
    );
  };
  return (
    <div className="catalog-sync-settings catalog-sync-demo" role="group" aria-label="데모 공급사 조작">
      <span className="catalog-sync-demo-label" aria-hidden="true">
        데모 공급사 조작
      </span>
      <TextField
        label="데모 공급사 상품 번호"
        inputMode="numeric"
        value={service}
        onChange={(e) => setService(e.target.value)}
      />
      <TextField
        label="새 요금 (1,000개당 원)"
        inputMode="decimal"
        placeholder="40000"
        value={rate}
        onChange={(e) => setRate(e.target.value)}
      />
      <Button size="sm" variant="secondary" disabled={change.isPending} onClick={() => send('rate')}>
        요금 바꾸기
      </Button>
      <Button size="sm" variant="secondary" disabled={change.isPending} onClick={() => send('drop')}>
        목록에서 빼기
      </Button>
      <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => send('restore')}>
        되돌리기
      </Button>
      <Button size="sm" variant="secondary" disabled={change.isPending} onClick={() => send('empty')}>
        빈 목록 보내기
      </Button>
      <Button size="sm" variant="secondary" disabled={change.isPending} onClick={() => send('lose-most')}>
        이 상품만 남기기
      </Button>
      <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => send('restore-all')}>
        목록 모두 되돌리기
      </Button>
      <TextField
        label="잔액 응답 통화"
        maxLength={3}
        value={currency}
        onChange={(e) => setCurrency(e.target.value)}
      />
      <Button size="sm" variant="secondary" disabled={change.isPending} onClick={() => send('currency')}>
        통화 바꾸기
      </Button>
    </div>
  );
}
