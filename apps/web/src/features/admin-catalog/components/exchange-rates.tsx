import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { formatSeoulDateTime, formatWonText } from '@smm/domain';
import type { CatalogSyncResponse } from '@smm/domain/contract';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSaveExchangeRate } from '../api/catalog-sync';

/** The exchange rates a provider billing in another currency is converted at, set by hand. */
export function ExchangeRates({ rates }: { rates: CatalogSyncResponse['exchangeRates'] }) {
  const save = useSaveExchangeRate();
  const [currency, setCurrency] = useState('USD');
  const [rate, setRate] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = currency.trim().toUpperCase();
    save.mutate(
      { currency: code, wonPerUnit: rate.trim() },
      {
        onSuccess: () => toast.success(`${code} 환율을 저장했습니다.`),
        onError: (error) => toast.error(errorMessage(error, '저장하지 못했습니다.')),
      },
    );
  };
  return (
    <div className="catalog-sync-rates">
      <h3>환율</h3>
      <p className="catalog-muted">
        원화가 아닌 통화로 청구하는 공급사의 요금을 이 환율로 원화로 바꾼 뒤 마진을 붙입니다. 환율은 자동으로
        가져오지 않습니다.
      </p>
      {rates.length > 0 && (
        <ul>
          {rates.map((entry) => (
            <li key={entry.currency}>
              1 {entry.currency} = {formatWonText(entry.wonPerUnit)}{' '}
              <span className="catalog-muted">({formatSeoulDateTime(entry.setAt)} 설정)</span>
            </li>
          ))}
        </ul>
      )}
      <form className="catalog-sync-settings" onSubmit={submit} aria-label="환율 설정">
        <TextField
          label="통화"
          maxLength={3}
          value={currency}
          onChange={(e) => setCurrency(e.target.value)}
        />
        <TextField
          label="1단위당 원"
          inputMode="decimal"
          placeholder="1380.50"
          value={rate}
          onChange={(e) => setRate(e.target.value)}
        />
        <Button size="sm" variant="secondary" type="submit" disabled={save.isPending}>
          환율 저장
        </Button>
      </form>
    </div>
  );
}
