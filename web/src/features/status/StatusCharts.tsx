import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatSeconds } from '@/features/maker/stats';
import { useChartInk } from '@/components/chartInk';
import type { FillBar } from './status';

/**
 * Fill times per route as bars (p50, p95, p99), with recharts. Imported lazily by the status page
 * only, so recharts stays out of the first load of /.
 */

export function FillChart({ bars }: { bars: FillBar[] }) {
  const { t } = useTranslation();
  const ink = useChartInk();
  return (
    <div data-testid="status-chart">
      <ResponsiveContainer width="100%" height={Math.max(160, 48 * bars.length + 60)}>
        <BarChart data={bars} layout="vertical" margin={{ left: 8, right: 16 }}>
          <XAxis type="number" tickFormatter={(v: number) => formatSeconds(v)} stroke={ink.muted} />
          <YAxis type="category" dataKey="route" width={180} stroke={ink.muted} />
          <Tooltip formatter={(v) => formatSeconds(Number(v))} contentStyle={{ background: ink.surface, borderColor: ink.border, color: ink.text }} />
          <Legend />
          <Bar dataKey="p50" name={t('status.col.p50')} fill="#10b981" isAnimationActive={false} />
          <Bar dataKey="p95" name={t('status.col.p95')} fill="#f59e0b" isAnimationActive={false} />
          <Bar dataKey="p99" name={t('status.col.p99')} fill="#ef4444" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
