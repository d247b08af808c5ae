import { useTranslation } from 'react-i18next';
import { heatmapWeeks } from './activity';

/** A year of days as a CSS grid (weeks as columns, Monday on top); a filled cell is an active day. */
export function Heatmap({ days }: { days: Set<string> }) {
  const { t } = useTranslation();
  const weeks = heatmapWeeks(days, Date.now());
  return (
    <div className="heatmap" role="img" aria-label={t('trackerPages.heatmapLabel', { count: days.size })}>
      {weeks.map((week) => (
        <div className="heatmap__week" key={week[0]?.date}>
          {week.map((cell) => (
            <span
              key={cell.date}
              className={`heatmap__day${cell.active ? ' heatmap__day--active' : ''}${cell.future ? ' heatmap__day--future' : ''}`}
              title={cell.future ? undefined : cell.date}
              data-active={cell.active || undefined}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
