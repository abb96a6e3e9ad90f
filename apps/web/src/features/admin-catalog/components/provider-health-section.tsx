import { toast } from '@/lib/toast';
import {
  formatErrorRate,
  formatLatency,
  formatProviderBalance,
  formatSeoulDateTime,
  providerActionLabel,
  seoulClock,
  withParticle,
} from '@smm/domain';
import type {
  ProviderBalanceSample,
  ProviderHealth,
  ProviderHealthHour,
  SimulatedMode,
} from '@smm/domain/contract';
import { errorMessage } from '@/lib/api-client';
import { useProviderHealth, useSetProviderSending, useSetSimulatedMode } from '../api/provider-health';
import { AdminSection } from '@/features/admin/components/admin-page';

const CHART_W = 480;
const CHART_H = 110;
const PAD_LEFT = 4;
const PAD_BOTTOM = 2;
const SPARK_W = 240;
const SPARK_H = 56;

const hourLabel = (iso: string) => `${seoulClock(iso).hour}시`;

function totals(hours: ProviderHealthHour[]) {
  const calls = hours.reduce((n, h) => n + h.calls, 0);
  const failures = hours.reduce((n, h) => n + h.failures, 0);
  const totalMs = hours.reduce((n, h) => n + (h.avgMs ?? 0) * h.calls, 0);
  const maxMs = hours.reduce<number | null>(
    (m, h) => (h.maxMs === null ? m : Math.max(m ?? 0, h.maxMs)),
    null,
  );
  return { calls, failures, avgMs: calls > 0 ? totalMs / calls : null, maxMs };
}

/**
 * The last 24 hours by hour as an inline SVG: a bar per hour for its calls (the failed share drawn in
 * the danger color) and a line for the average latency (on its own scale). The figures are in a
 * visually hidden table for screen readers; the figure's caption gives the day's totals.
 */
function CallsChart({ name, hours }: { name: string; hours: ProviderHealthHour[] }) {
  const sum = totals(hours);
  const maxCalls = Math.max(1, ...hours.map((h) => h.calls));
  const maxAvg = Math.max(1, ...hours.map((h) => h.avgMs ?? 0));
  const plotW = CHART_W - PAD_LEFT;
  const plotH = CHART_H - PAD_BOTTOM;
  const slot = plotW / hours.length;
  const bar = Math.max(2, slot - 4);
  const x = (i: number) => PAD_LEFT + i * slot + (slot - bar) / 2;
  const y = (calls: number) => plotH - (calls / maxCalls) * (plotH - 4);
  const line = hours
    .map((h, i) =>
      h.avgMs === null
        ? null
        : `${(x(i) + bar / 2).toFixed(1)},${(plotH - (h.avgMs / maxAvg) * (plotH - 8)).toFixed(1)}`,
    )
    .filter((point): point is string => point !== null);
  return (
    <figure className="health-chart">
      <figcaption>
        최근 24시간 · 호출 <strong>{sum.calls.toLocaleString('ko-KR')}회</strong> · 오류율{' '}
        <strong>{formatErrorRate(sum.calls, sum.failures)}</strong> · 평균{' '}
        <strong>{formatLatency(sum.avgMs)}</strong> · 최대 <strong>{formatLatency(sum.maxMs)}</strong>
      </figcaption>
      <svg
        viewBox={`0 0 ${CHART_W} ${CHART_H}`}
        className="health-chart-svg"
        role="img"
        aria-label={`${name} 최근 24시간 시간별 호출 수와 평균 응답 시간`}
        preserveAspectRatio="none"
      >
        <line x1={PAD_LEFT} x2={CHART_W} y1={plotH} y2={plotH} className="health-axis" />
        {hours.map((h, i) => {
          const okCalls = h.calls - h.failures;
          return (
            <g key={h.hour}>
              {h.calls > 0 && (
                <rect
                  x={x(i)}
                  y={y(h.calls)}
                  width={bar}
                  height={plotH - y(h.calls)}
                  className="health-bar"
                />
              )}
              {h.failures > 0 && (
                <rect
                  x={x(i)}
                  y={y(h.calls)}
                  width={bar}
                  height={y(okCalls) - y(h.calls)}
                  className="health-bar-failed"
                />
              )}
            </g>
          );
        })}
        {line.length > 1 && <polyline points={line.join(' ')} className="health-latency" />}
        {line.length === 1 && (
          <line
            x1={Number(line[0]!.split(',')[0]) - bar}
            x2={Number(line[0]!.split(',')[0]) + bar}
            y1={Number(line[0]!.split(',')[1])}
            y2={Number(line[0]!.split(',')[1])}
            className="health-latency"
          />
        )}
      </svg>
      <div className="health-ticks" aria-hidden="true">
        {hours.map((h, i) =>
          i % 6 === 0 ? (
            <span key={h.hour} style={{ left: `${((i + 0.5) / hours.length) * 100}%` }}>
              {hourLabel(h.hour)}
            </span>
          ) : null,
        )}
      </div>
      <p className="health-legend" aria-hidden="true">
        <span className="health-key health-key-ok" /> 호출 <span className="health-key health-key-failed" />{' '}
        실패 <span className="health-key health-key-latency" /> 평균 응답 시간
      </p>
      <div className="visually-hidden">
        <table>
          <caption>{name} 시간별 호출</caption>
          <thead>
            <tr>
              <th scope="col">시각</th>
              <th scope="col">호출</th>
              <th scope="col">오류율</th>
              <th scope="col">평균 응답 시간</th>
              <th scope="col">최대 응답 시간</th>
            </tr>
          </thead>
          <tbody>
            {hours.map((h) => (
              <tr key={h.hour}>
                <td>{formatSeoulDateTime(h.hour)}</td>
                <td>{h.calls}</td>
                <td>{formatErrorRate(h.calls, h.failures)}</td>
                <td>{formatLatency(h.avgMs)}</td>
                <td>{formatLatency(h.maxMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The balance samples as a sparkline, with the latest value (or why it could not be read). */
function BalanceHistory({ name, samples }: { name: string; samples: ProviderBalanceSample[] }) {
  const latest = samples.at(-1);
  const readable = samples.filter((s) => s.balance !== null && Number.isFinite(Number(s.balance)));
  const values = readable.map((s) => Number(s.balance));
  const max = Math.max(...values, 0);
  const min = Math.min(...values, max);
  const span = max - min;
  const points = readable.map((s, i) => {
    const px = readable.length === 1 ? SPARK_W / 2 : (i / (readable.length - 1)) * (SPARK_W - 4) + 2;
    const py = span === 0 ? SPARK_H / 2 : SPARK_H - 4 - ((Number(s.balance) - min) / span) * (SPARK_H - 8);
    return `${px.toFixed(1)},${py.toFixed(1)}`;
  });
  const text = (s: ProviderBalanceSample) =>
    s.balance === null ? '확인 실패' : formatProviderBalance(s.balance, s.currency ?? '');
  return (
    <figure className="health-balance">
      <figcaption>잔액 (최근 24시간)</figcaption>
      {latest ? (
        <>
          <p className="health-balance-now">
            <strong className={latest.balance === null ? 'health-danger' : undefined}>{text(latest)}</strong>{' '}
            <span className="catalog-muted">{formatSeoulDateTime(latest.createdAt)}</span>
          </p>
          {latest.error && <p className="catalog-muted health-message">{latest.error}</p>}
          {points.length > 0 && (
            <svg
              viewBox={`0 0 ${SPARK_W} ${SPARK_H}`}
              className="health-spark"
              role="img"
              aria-label={`${name} 잔액 추이: ${readable.map(text).slice(-6).join(', ')}`}
              preserveAspectRatio="none"
            >
              {points.length > 1 ? (
                <polyline points={points.join(' ')} className="health-latency" />
              ) : (
                <circle
                  cx={points[0]!.split(',')[0]}
                  cy={points[0]!.split(',')[1]}
                  r={3}
                  className="health-dot"
                />
              )}
            </svg>
          )}
          <ul className="health-balance-list">
            {samples
              .slice(-3)
              .reverse()
              .map((s) => (
                <li key={s.createdAt}>
                  <span className="catalog-muted">{formatSeoulDateTime(s.createdAt)}</span> {text(s)}
                </li>
              ))}
          </ul>
        </>
      ) : (
        <p className="catalog-muted">아직 확인한 잔액이 없습니다.</p>
      )}
    </figure>
  );
}

/** A switch button (role="switch"): on/off with its state read out. */
function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (next: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className="health-switch"
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="health-switch-track" aria-hidden="true">
        <span className="health-switch-thumb" />
      </span>
      {label}
    </button>
  );
}

function SimulatorControls({ mode }: { mode: SimulatedMode }) {
  const set = useSetSimulatedMode();
  const change = (next: SimulatedMode, what: string) =>
    set.mutate(next, {
      onSuccess: () => toast.success(what),
      onError: (error) => toast.error(errorMessage(error, '바꾸지 못했습니다.')),
    });
  return (
    <div className="health-simulator" role="group" aria-label="데모 공급사 장애 조작">
      <span className="catalog-muted">데모 공급사 장애 조작</span>
      <Switch
        label="잔액 소진"
        checked={mode.dry}
        disabled={set.isPending}
        onChange={(dry) =>
          change(
            { ...mode, dry },
            dry
              ? '데모 공급사의 잔액이 0이 되어 새 주문을 거절합니다.'
              : '데모 공급사의 잔액을 되돌렸습니다.',
          )
        }
      />
      <Switch
        label="응답 없음"
        checked={mode.silent}
        disabled={set.isPending}
        onChange={(silent) =>
          change(
            { ...mode, silent },
            silent ? '데모 공급사가 응답하지 않습니다.' : '데모 공급사가 다시 응답합니다.',
          )
        }
      />
    </div>
  );
}

function ProviderHealthCard({ provider }: { provider: ProviderHealth }) {
  const sending = useSetProviderSending();
  const toggle = (paused: boolean) =>
    sending.mutate(
      { id: provider.providerId, body: { paused } },
      {
        onSuccess: () =>
          toast.success(
            paused
              ? `${provider.providerName} 신규 주문 전송을 중지했습니다. 새 주문은 대기합니다.`
              : `${withParticle(provider.providerName, '으로/로')} 신규 주문 전송을 다시 시작합니다.`,
          ),
        onError: (error) => toast.error(errorMessage(error, '바꾸지 못했습니다.')),
      },
    );
  return (
    <article className="catalog-sync-provider health-provider" aria-label={`${provider.providerName} 상태`}>
      <header className="catalog-sync-head">
        <h3>{provider.providerName}</h3>
        {!provider.enabled ? (
          <span className="admin-chip admin-chip-muted">사용 중지</span>
        ) : provider.sendingPaused ? (
          <span className="admin-chip admin-chip-danger">전송 중지됨</span>
        ) : (
          <span className="admin-chip admin-chip-success">전송 중</span>
        )}
        <Switch
          label="신규 주문 전송 중지"
          checked={provider.sendingPaused}
          disabled={sending.isPending}
          onChange={toggle}
        />
      </header>
      <p className="catalog-muted health-waiting">
        {provider.sendingPaused
          ? `전송을 기다리는 주문 ${provider.waitingOrders.toLocaleString('ko-KR')}건 · 이미 보낸 주문의 상태 확인, 취소, 리필은 계속합니다.`
          : `공급사 전송 대기 주문 ${provider.waitingOrders.toLocaleString('ko-KR')}건.`}
        {provider.failoverServices > 0 &&
          ` 대체 공급사가 지정된 상품 ${provider.failoverServices}개의 새 주문은 전송 중지 중 대체 공급사로 보냅니다.`}
      </p>
      <div className="health-grid">
        <CallsChart name={provider.providerName} hours={provider.hours} />
        <BalanceHistory name={provider.providerName} samples={provider.balances} />
      </div>
      {provider.errors.length === 0 ? (
        <p className="catalog-muted">최근 오류가 없습니다.</p>
      ) : (
        <div className="health-errors-wrap">
          <table className="catalog-sync-changes health-errors">
            <caption>최근 오류</caption>
            <thead>
              <tr>
                <th scope="col">시각</th>
                <th scope="col">작업</th>
                <th scope="col">내용</th>
              </tr>
            </thead>
            <tbody>
              {provider.errors.slice(0, 10).map((e, i) => (
                <tr key={`${e.createdAt}-${i}`}>
                  <td className="health-nowrap">{formatSeoulDateTime(e.createdAt)}</td>
                  <td className="health-nowrap">{providerActionLabel(e.action)}</td>
                  <td className="health-message">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {provider.simulator && <SimulatorControls mode={provider.simulator} />}
    </article>
  );
}

/**
 * 상태 (docs/product.md#operator-console): per provider its calls of the last 24 hours (a chart), its
 * last errors, its balance history, the 신규 주문 전송 중지 switch with the orders waiting for it, and
 * for the built-in simulated provider the demo's 잔액 소진 / 응답 없음 switches.
 */
export function ProviderHealthSection() {
  const health = useProviderHealth();
  const data = health.data && Array.isArray(health.data.providers) ? health.data : undefined;
  return (
    <AdminSection title="상태" className="health-section">
      {health.isLoading && <p className="catalog-muted">불러오는 중…</p>}
      {health.isError && <p role="alert">공급사 상태를 불러오지 못했습니다.</p>}
      {data && (
        <div className="health-list">
          <p className="catalog-muted">
            잔액은 {data.balanceSampleMinutes}분마다, 그리고 이 화면을 열 때 확인합니다. 30초마다 새로
            고칩니다.
          </p>
          {data.providers.map((provider) => (
            <ProviderHealthCard key={provider.providerId} provider={provider} />
          ))}
        </div>
      )}
    </AdminSection>
  );
}
