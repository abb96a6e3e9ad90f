import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import {
  SYNC_DISABLED_LABELS,
  SYNC_FIELD_LABELS,
  formatSeoulDateTime,
  formatUnitPrice,
  formatWonText,
  syncErrorText,
  withParticle,
  type SyncDisabledReason,
  type SyncField,
} from '@smm/domain';
import type {
  CatalogSyncChange,
  CatalogSyncPastRun,
  CatalogSyncProvider,
  SyncNowResponse,
  SyncSettingsRequest,
} from '@smm/domain/contract';
import { Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox, SelectField, TextField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import {
  useCatalogSync,
  useSaveSyncSettings,
  useApplySuspiciousSync,
  useSyncProviderNow,
} from '../api/catalog-sync';
import { AdminSection } from '@/features/admin/components/admin-page';
import { ExchangeRates } from './exchange-rates';
import { SimulatedControls } from './simulated-provider-controls';

const INTERVALS = [
  { minutes: 0, label: '자동 동기화 끔' },
  { minutes: 15, label: '15분마다' },
  { minutes: 30, label: '30분마다' },
  { minutes: 60, label: '1시간마다' },
  { minutes: 180, label: '3시간마다' },
  { minutes: 360, label: '6시간마다' },
  { minutes: 1440, label: '하루마다' },
];

const RUN_STATUS: Record<string, { text: string; chip: string }> = {
  ok: { text: '성공', chip: 'admin-chip-success' },
  failed: { text: '실패', chip: 'admin-chip-danger' },
  running: { text: '진행 중', chip: 'admin-chip-muted' },
  suspicious: { text: '의심 · 적용 안 함', chip: 'admin-chip-danger' },
};

/** A changed value as the operator reads it: prices in ₩ (milli-won kept), days, 예/아니오. */
export function syncValueText(field: string, value: CatalogSyncChange['from']): string {
  if (value === null) return '—';
  if (field === 'unitPriceMilli' && typeof value === 'number') return formatUnitPrice(value);
  if (field === 'refillDays' && typeof value === 'number') return value === 0 ? '리필 없음' : `${value}일`;
  if ((field === 'min' || field === 'max') && typeof value === 'number') return value.toLocaleString('ko-KR');
  if (field === 'isReadOnly') return value ? '주문 중지' : '주문 가능';
  if (field === 'cancellable') return value ? '가능' : '불가';
  if (field === 'syncDisabled') return SYNC_DISABLED_LABELS[value as SyncDisabledReason] ?? String(value);
  return String(value);
}

function SettingsForm({ provider }: { provider: CatalogSyncProvider }) {
  const save = useSaveSyncSettings();
  const [form, setForm] = useState({
    syncIntervalMinutes: String(provider.syncIntervalMinutes),
    currency: provider.currency ?? '',
    syncReenable: provider.syncReenable,
    marginGuard: provider.marginGuard,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: SyncSettingsRequest = {
      syncIntervalMinutes: Number(form.syncIntervalMinutes),
      currency: form.currency.trim() === '' ? null : form.currency.trim().toUpperCase(),
      syncReenable: form.syncReenable,
      marginGuard: form.marginGuard,
    };
    save.mutate(
      { id: provider.providerId, body },
      {
        onSuccess: () => toast.success(`${provider.providerName} 동기화 설정을 저장했습니다.`),
        onError: (error) => toast.error(errorMessage(error, '저장하지 못했습니다.')),
      },
    );
  };
  const known = INTERVALS.some((i) => String(i.minutes) === form.syncIntervalMinutes);
  return (
    <form
      className="catalog-sync-settings"
      onSubmit={submit}
      aria-label={`${provider.providerName} 동기화 설정`}
    >
      <SelectField
        label="자동 동기화"
        value={form.syncIntervalMinutes}
        onChange={(e) => setForm({ ...form, syncIntervalMinutes: e.target.value })}
      >
        {!known && <option value={form.syncIntervalMinutes}>{form.syncIntervalMinutes}분마다</option>}
        {INTERVALS.map((i) => (
          <option key={i.minutes} value={i.minutes}>
            {i.label}
          </option>
        ))}
      </SelectField>
      <TextField
        label="통화"
        placeholder="잔액 응답대로"
        maxLength={3}
        value={form.currency}
        onChange={(e) => setForm({ ...form, currency: e.target.value })}
      />
      <SelectField
        label="원가보다 싸지면"
        value={form.marginGuard}
        onChange={(e) =>
          setForm({ ...form, marginGuard: e.target.value === 'reprice' ? 'reprice' : 'disable' })
        }
      >
        <option value="disable">주문 중지</option>
        <option value="reprice">원가 + 마진으로 단가 변경</option>
      </SelectField>
      <Checkbox
        label="공급사 상품이 돌아오면 다시 주문 받기"
        checked={form.syncReenable}
        onChange={(e) => setForm({ ...form, syncReenable: e.target.checked })}
      />
      <Button size="sm" variant="secondary" type="submit" disabled={save.isPending}>
        설정 저장
      </Button>
    </form>
  );
}

function ChangesTable({ changes, caption }: { changes: CatalogSyncChange[]; caption: string }) {
  // Scrolls sideways on a phone rather than squeezing dates and names into a word a line.
  return (
    <div className="catalog-sync-changes-scroll">
      <table className="catalog-sync-changes">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">상품</th>
            <th scope="col">항목</th>
            <th scope="col">이전</th>
            <th scope="col">이후</th>
            <th scope="col">시각</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change, index) => (
            <tr key={index}>
              <td>
                [{change.serviceId}] {change.serviceText}
              </td>
              <td>{SYNC_FIELD_LABELS[change.field as SyncField] ?? change.field}</td>
              <td>{syncValueText(change.field, change.from)}</td>
              <td>{syncValueText(change.field, change.to)}</td>
              <td>{formatSeoulDateTime(change.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The runs before the last one, newest first: when, how, the outcome and what each changed. */
function RunHistory({ provider }: { provider: CatalogSyncProvider }) {
  if (provider.history.length === 0) return null;
  return (
    <details className="catalog-sync-history">
      <summary>이전 동기화 {provider.history.length}회</summary>
      <ol aria-label={`${provider.providerName} 이전 동기화`}>
        {provider.history.map((run) => (
          <PastRun key={run.id} run={run} providerName={provider.providerName} />
        ))}
      </ol>
    </details>
  );
}

function PastRun({ run, providerName }: { run: CatalogSyncPastRun; providerName: string }) {
  const status = RUN_STATUS[run.status] ?? RUN_STATUS.running!;
  const when = formatSeoulDateTime(run.finishedAt ?? run.startedAt);
  return (
    <li>
      <span className={`admin-chip ${status.chip}`}>{status.text}</span> {when}{' '}
      {run.trigger === 'schedule' ? '(자동)' : '(수동)'}
      {run.status === 'ok' && <span className="catalog-muted"> · 변경 {run.changeCount}건</span>}
      {run.status === 'failed' && run.error && (
        <span className="catalog-muted"> · {syncErrorText(run.error)}</span>
      )}
      {run.changes.length > 0 && (
        <>
          <ChangesTable changes={run.changes} caption={`${providerName} ${when} 동기화 변경 내역`} />
          {run.changeCount > run.changes.length && (
            <p className="catalog-muted">외 {run.changeCount - run.changes.length}건</p>
          )}
        </>
      )}
    </li>
  );
}

/** What 지금 동기화 came back with, said in full (changes, stops, new upstream services, or why not). */
export function syncNowText(answer: SyncNowResponse): { tone: 'ok' | 'warn' | 'error'; text: string } {
  if (answer.status === 'busy') {
    return { tone: 'warn', text: '이미 동기화 중입니다. 끝나면 아래 마지막 동기화에 결과가 나옵니다.' };
  }
  if (answer.status === 'suspicious') {
    return {
      tone: 'warn',
      text: `공급사 장애로 보여 아무것도 바꾸지 않았습니다. ${answer.error ?? ''}`.trim(),
    };
  }
  if (answer.status === 'failed') {
    return { tone: 'error', text: `동기화하지 못했습니다. ${syncErrorText(answer.error ?? '')}`.trim() };
  }
  const changes = answer.changes ?? 0;
  const parts = [changes === 0 ? '바뀐 상품 없음' : `상품 ${changes}개 변경`];
  if (answer.stopped) parts.push(`주문 중지 ${answer.stopped}개`);
  if (answer.resumed) parts.push(`주문 재개 ${answer.resumed}개`);
  parts.push(`아직 가져오지 않은 공급사 상품 ${answer.unmapped?.length ?? 0}개`);
  return { tone: 'ok', text: `동기화 완료: ${parts.join(' · ')}` };
}

function ProviderSync({ provider }: { provider: CatalogSyncProvider }) {
  const syncNow = useSyncProviderNow();
  const apply = useApplySuspiciousSync();
  // The answer stays beside the button until the next click (a toast alone was gone in 2 seconds).
  const [result, setResult] = useState<{ tone: 'ok' | 'warn' | 'error'; text: string; at: string } | null>(
    null,
  );
  const run = provider.run;
  const status = run ? (RUN_STATUS[run.status] ?? RUN_STATUS.running!) : null;
  const start = () => {
    setResult(null);
    syncNow.mutate(provider.providerId, {
      onSuccess: (answer) => setResult({ ...syncNowText(answer), at: new Date().toISOString() }),
      onError: (error) =>
        setResult({
          tone: 'error',
          text: errorMessage(error, '동기화하지 못했습니다. 잠시 후 다시 시도해주세요.'),
          at: new Date().toISOString(),
        }),
    });
  };
  return (
    <article className="catalog-sync-provider" aria-label={`${provider.providerName} 동기화`}>
      <header className="catalog-sync-head">
        <h3>{provider.providerName}</h3>
        {status && <span className={`admin-chip ${status.chip}`}>{status.text}</span>}
        <span className="catalog-muted">
          마지막 동기화 {run ? formatSeoulDateTime(run.finishedAt ?? run.startedAt) : '없음'}
          {run && (run.trigger === 'schedule' ? ' (자동)' : ' (수동)')}
        </span>
        <Button
          size="sm"
          disabled={syncNow.isPending}
          aria-busy={syncNow.isPending || undefined}
          onClick={start}
          aria-label={`${provider.providerName} 지금 동기화`}
        >
          {syncNow.isPending && <Loader2 size={14} aria-hidden className="catalog-sync-spin" />}
          {syncNow.isPending ? '동기화 중…' : '지금 동기화'}
        </Button>
      </header>
      <p
        className={`catalog-sync-result${result ? ` catalog-sync-result-${result.tone}` : ''}`}
        role="status"
        aria-label={`${provider.providerName} 동기화 결과`}
      >
        {syncNow.isPending
          ? '공급사의 상품 목록을 읽어 우리 상품에 반영하는 중입니다…'
          : result && (
              <>
                {result.text} <span className="catalog-muted">({formatSeoulDateTime(result.at)})</span>
              </>
            )}
      </p>
      <SettingsForm provider={provider} />
      {provider.simulated && <SimulatedControls />}
      {run?.status === 'failed' && (
        <p className="catalog-form-error" role="alert">
          아무것도 바꾸지 않았습니다. {syncErrorText(run.error ?? '')}
        </p>
      )}
      {run?.status === 'suspicious' && (
        // docs/product.md#operator-console: most likely the provider's fault, so nothing was changed;
        // the operator applies it only after checking the provider really dropped those services.
        <div className="catalog-sync-suspicious" role="alert">
          <p className="catalog-form-error">공급사 장애로 보여 아무것도 바꾸지 않았습니다. {run.error}</p>
          <p className="catalog-muted">
            공급사 패널에서 정말 상품을 내렸는지 확인한 뒤 적용하면 사라진 상품의 주문을 중지합니다.
          </p>
          <Button
            size="sm"
            variant="secondary"
            disabled={apply.isPending}
            aria-label={`${provider.providerName} 의심 동기화 적용`}
            onClick={() =>
              apply.mutate(provider.providerId, {
                onSuccess: (answer) =>
                  answer.status === 'ok'
                    ? toast.success(`${provider.providerName} 동기화 적용: 변경 ${answer.changes ?? 0}건`)
                    : toast.error(
                        `${provider.providerName} 동기화 적용 실패: ${answer.error ?? answer.status}`,
                      ),
                onError: (error) => toast.error(errorMessage(error, '적용하지 못했습니다.')),
              })
            }
          >
            그래도 적용
          </Button>
        </div>
      )}
      {run?.status === 'ok' && (
        <>
          {run.currency && run.currency !== 'KRW' && (
            <p className="catalog-muted">
              {run.currency} 요금을 1 {run.currency} ={' '}
              {withParticle(formatWonText(run.exchangeRate ?? ''), '으로/로')} 환산했습니다.
            </p>
          )}
          {run.changes.length === 0 ? (
            <p className="catalog-muted">바뀐 상품이 없습니다.</p>
          ) : (
            <ChangesTable changes={run.changes} caption={`${provider.providerName} 동기화 변경 내역`} />
          )}
          <p className="catalog-muted">
            아직 가져오지 않은 공급사 상품 {run.unmappedIds.length}개
            {run.unmappedIds.length > 0 && `: ${run.unmappedIds.slice(0, 30).join(', ')}`}
            {run.unmappedIds.length > 30 && ' …'}
          </p>
        </>
      )}
      <RunHistory provider={provider} />
    </article>
  );
}

/**
 * 동기화 (docs/product.md#operator-console): each provider's last catalog sync with what it changed,
 * 지금 동기화, the provider's sync settings, and the exchange rates.
 */
export function CatalogSyncSection() {
  const report = useCatalogSync();
  // An answer of another shape (an older server) shows nothing rather than breaking the screen.
  const data = report.data && Array.isArray(report.data.providers) ? report.data : undefined;
  return (
    <AdminSection title="동기화">
      {report.isLoading && <p className="catalog-muted">불러오는 중…</p>}
      {report.isError && <p role="alert">동기화 내역을 불러오지 못했습니다.</p>}
      {data && (
        <div className="catalog-sync">
          {data.providers.map((provider) => (
            <ProviderSync key={provider.providerId} provider={provider} />
          ))}
          <ExchangeRates rates={data.exchangeRates} />
        </div>
      )}
    </AdminSection>
  );
}
