import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount, formatWon, shortChartDate } from '@smm/domain';
import type { DashboardDay } from '@smm/domain/contract';
import { compactWon, longChartDate, tooltipWon } from './dashboard-format';

// Series are drawn without animation: the screen refreshes every minute and would replay it each time.
// recharts is imported here and nowhere else, so it stays in the dashboard's chunk. Colors are the
// theme's CSS variables (recharts passes them through to SVG), so both themes and an operator's main
// color apply without a re-render.
const axisTick = { fill: 'var(--text-muted)', fontSize: 11 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--surface)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    color: 'var(--text)',
    fontSize: 12,
    boxShadow: 'var(--shadow)',
  },
  labelStyle: { color: 'var(--text)', fontWeight: 700, marginBottom: 4 },
  itemStyle: { padding: 0, color: 'var(--text)' },
  cursor: { stroke: 'var(--border-strong)' },
};
const legendStyle = { fontSize: 12, color: 'var(--text-muted)' };
const CHART_HEIGHT = 260;
/** jsdom and the first paint have no size yet: render at a sensible one until measured. */
const INITIAL = { width: 600, height: CHART_HEIGHT };

const sum = (days: DashboardDay[], key: keyof Omit<DashboardDay, 'date'>) =>
  days.reduce((total, day) => total + day[key], 0);

/** Money in (credited charges) against money spent (orders), per Seoul day, in won. */
export function SalesSpendChart({ days }: { days: DashboardDay[] }) {
  return (
    <figure className="dash-chart" aria-label="최근 30일 매출과 주문 금액">
      <figcaption className="dash-chart-caption">
        30일 합계 · 매출 <strong>{formatWon(sum(days, 'sales'))}</strong> · 주문 금액{' '}
        <strong>{formatWon(sum(days, 'spend'))}</strong>
      </figcaption>
      <div className="dash-chart-plot">
        <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL}>
          <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id="dash-sales-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="var(--main)" stopOpacity={0.28} />
                <stop offset="100%" stopColor="var(--main)" stopOpacity={0.02} />
              </linearGradient>
              <linearGradient id="dash-spend-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="var(--dash-spend)" stopOpacity={0.24} />
                <stop offset="100%" stopColor="var(--dash-spend)" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={shortChartDate}
              tick={axisTick}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              minTickGap={18}
            />
            <YAxis
              tickFormatter={compactWon}
              tick={axisTick}
              tickLine={false}
              axisLine={false}
              width={48}
              allowDecimals={false}
            />
            <Tooltip
              {...tooltipStyle}
              labelFormatter={(label) => longChartDate(String(label))}
              formatter={(value, name) => [tooltipWon(value), name]}
            />
            <Legend wrapperStyle={legendStyle} iconType="circle" iconSize={8} itemSorter={null} />
            <Area
              type="monotone"
              dataKey="sales"
              name="매출"
              stroke="var(--main)"
              strokeWidth={2}
              fill="url(#dash-sales-fill)"
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
            <Area
              type="monotone"
              dataKey="spend"
              name="주문 금액"
              stroke="var(--dash-spend)"
              strokeWidth={2}
              fill="url(#dash-spend-fill)"
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Orders placed and members joined, per Seoul day. */
export function OrdersSignupsChart({ days }: { days: DashboardDay[] }) {
  return (
    <figure className="dash-chart" aria-label="최근 30일 주문 수와 가입자 수">
      <figcaption className="dash-chart-caption">
        30일 합계 · 주문 <strong>{formatCount(sum(days, 'orders'))}건</strong> · 가입{' '}
        <strong>{formatCount(sum(days, 'signups'))}명</strong>
      </figcaption>
      <div className="dash-chart-plot">
        <ResponsiveContainer width="100%" height={CHART_HEIGHT} initialDimension={INITIAL}>
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} barGap={1}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={shortChartDate}
              tick={axisTick}
              tickLine={false}
              axisLine={{ stroke: 'var(--border)' }}
              minTickGap={18}
            />
            <YAxis tick={axisTick} tickLine={false} axisLine={false} width={36} allowDecimals={false} />
            <Tooltip
              {...tooltipStyle}
              cursor={{ fill: 'var(--main-soft)' }}
              labelFormatter={(label) => longChartDate(String(label))}
              formatter={(value, name) => [
                `${formatCount(Number(value) || 0)}${name === '가입' ? '명' : '건'}`,
                name,
              ]}
            />
            <Legend wrapperStyle={legendStyle} iconType="circle" iconSize={8} itemSorter={null} />
            <Bar
              dataKey="orders"
              name="주문"
              fill="var(--main)"
              radius={[3, 3, 0, 0]}
              maxBarSize={14}
              isAnimationActive={false}
            />
            <Bar
              dataKey="signups"
              name="가입"
              fill="var(--dash-signup)"
              radius={[3, 3, 0, 0]}
              maxBarSize={14}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
