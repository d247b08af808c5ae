import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Cell, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { PortfolioDay } from '@/api/portfolio';
import { Card } from '@/components/Card';
import { formatCompactUsd } from '@/lib/format';
import { useChartInk as useInk } from '@/components/chartInk';
import { formatUsd, toCents, type Slice } from './portfolio';

/**
 * The allocation (by network or by token) and the value over time, with recharts: SVG, responsive,
 * React components. This module is imported by the /portfolio route only, so recharts lands in that
 * route's lazy chunk and never in the first load of /.
 */

const PALETTE = ['#7c5cff', '#22d3ee', '#f59e0b', '#10b981', '#ef4444', '#ec4899', '#6366f1', '#84cc16'];

export function AllocationChart({ byChain, byToken }: { byChain: Slice[]; byToken: Slice[] }) {
  const { t } = useTranslation();
  const ink = useInk();
  const [by, setBy] = useState<'chain' | 'token'>('chain');
  const slices = by === 'chain' ? byChain : byToken;
  const data = slices.map((s) => ({ name: s.label, value: s.cents / 100 }));
  return (
    <Card className="portfolio-chart">
      <div className="portfolio-chart__head">
        <h2 className="section-label">{t('portfolio.allocation')}</h2>
        <div role="tablist" aria-label={t('portfolio.allocation')} className="tabs portfolio-chart__tabs">
          {(['chain', 'token'] as const).map((key) => (
            <button key={key} type="button" role="tab" aria-selected={by === key} className={`tab${by === key ? ' tab--active' : ''}`} onClick={() => setBy(key)}>
              {t(key === 'chain' ? 'portfolio.byNetwork' : 'portfolio.byToken')}
            </button>
          ))}
        </div>
      </div>
      {data.length === 0 ? (
        <p className="muted">{t('portfolio.noAllocation')}</p>
      ) : (
        <div className="portfolio-chart__body" data-testid="portfolio-allocation">
          <ResponsiveContainer width="100%" height={240}>
            <PieChart>
              <Pie data={data} dataKey="value" nameKey="name" innerRadius="55%" outerRadius="85%" stroke={ink.surface} isAnimationActive={false}>
                {data.map((d, i) => (
                  <Cell key={d.name} fill={PALETTE[i % PALETTE.length]} />
                ))}
              </Pie>
              <Tooltip formatter={(v) => formatUsd(toCents(Number(v)))} contentStyle={{ background: ink.surface, borderColor: ink.border, color: ink.text }} itemStyle={{ color: ink.text }} />
            </PieChart>
          </ResponsiveContainer>
          <ul className="portfolio-legend" data-testid="portfolio-legend">
            {slices.map((s, i) => (
              <li key={s.key}>
                <span className="portfolio-legend__dot" style={{ background: PALETTE[i % PALETTE.length] }} aria-hidden="true" />
                <span>{s.label}</span>
                <span className="muted">{formatUsd(s.cents)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

export function HistoryChart({ days, loading }: { days: PortfolioDay[]; loading: boolean }) {
  const { t } = useTranslation();
  const ink = useInk();
  return (
    <Card className="portfolio-chart">
      <h2 className="section-label">{t('portfolio.history')}</h2>
      {days.length === 0 ? (
        <p className="muted">{loading ? t('portfolio.historyLoading') : t('portfolio.historyEmpty')}</p>
      ) : (
        <div data-testid="portfolio-history">
        <ResponsiveContainer width="100%" height={240}>
          <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <defs>
              <linearGradient id="portfolio-area" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={PALETTE[0]} stopOpacity={0.45} />
                <stop offset="100%" stopColor={PALETTE[0]} stopOpacity={0} />
              </linearGradient>
            </defs>
            <XAxis dataKey="day" stroke={ink.muted} tick={{ fill: ink.muted, fontSize: 12 }} />
            <YAxis stroke={ink.muted} tick={{ fill: ink.muted, fontSize: 12 }} tickFormatter={(v: number) => formatCompactUsd(v)} width={64} />
            <Tooltip formatter={(v) => formatUsd(toCents(Number(v)))} contentStyle={{ background: ink.surface, borderColor: ink.border, color: ink.text }} />
            <Area type="monotone" dataKey="total_usd" name={t('portfolio.value')} stroke={PALETTE[0]} fill="url(#portfolio-area)" isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
        </div>
      )}
    </Card>
  );
}
