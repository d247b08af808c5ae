import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { campaignProgressQuery, campaignsQuery, themesQuery } from '@/api/rewardsQueries';
import type { Campaign, CampaignProgress } from '@/api/rewardsTypes';
import { useNow } from '@/features/checkin/useUtcNow';
import { logger } from '@/lib/logger';
import { countdownParts } from '@/lib/time';
import { useUserAddress } from '@/wallet/store';
import { campaignsToShare, campaignTiming, groupByTheme, remainingMs, targetCount, tierReached, visibleCampaigns } from './campaigns';
import { ShareModal } from './ShareModal';
import { useTaskStore } from './taskStore';
import { currentLocale } from '@/i18n';

/** Countdown to the end, re-read every 10 ms and clamped at 0. */
function CampaignCountdown({ end }: { end: number }) {
  const { t } = useTranslation();
  const now = useNow(10, remainingMs(end, Date.now()) > 0);
  const p = countdownParts(remainingMs(end, now));
  return (
    <span className="campaign__time" data-testid="campaign-countdown">
      {t('rewards.countdown', { d: p.days, h: p.hours, m: p.minutes, s: p.seconds })}
    </span>
  );
}

/** A logo that does not load is hidden rather than shown broken. */
export const hideBroken = (e: { currentTarget: HTMLImageElement }): void => {
  e.currentTarget.style.display = 'none';
};

const day = (sec: number): string => new Date(sec * 1000).toLocaleDateString(currentLocale(), { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** The countdown or the date range (spec §4); an end_time of 0 reads as open-ended. */
function CampaignTime({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const timing = campaignTiming(campaign);
  if (timing === 'countdown') return <CampaignCountdown end={campaign.end_time} />;
  if (timing === 'none') return null;
  const text = {
    range: () => t('rewards.dateRange', { from: day(campaign.start_time), to: day(campaign.end_time) }),
    from: () => t('rewards.dateFrom', { from: day(campaign.start_time) }),
    until: () => t('rewards.dateUntil', { to: day(campaign.end_time) }),
  }[timing]();
  return (
    <span className="campaign__time muted small" data-testid={`campaign-time-${campaign.id}`}>
      {text}
    </span>
  );
}

function CampaignItem({ campaign, progress }: { campaign: Campaign; progress: CampaignProgress | undefined }) {
  const { t } = useTranslation();
  const count = progress?.transfer_count_total ?? 0;
  const target = targetCount(campaign);
  const reached = tierReached(campaign, count);
  return (
    <li className="campaign" data-testid={`campaign-${campaign.id}`}>
      <div className="campaign__head">
        {campaign.logo_url ? <img src={campaign.logo_url} alt="" className="campaign__logo" onError={hideBroken} /> : null}
        <strong>{campaign.name}</strong>
        <CampaignTime campaign={campaign} />
      </div>
      <div className="campaign__progress" aria-label={t('rewards.progress')}>
        <progress max={target || 1} value={Math.min(count, target)} />
        <span className="small" data-testid={`campaign-count-${campaign.id}`}>
          {t('rewards.transfers', { count: Math.min(count, target), target })}
        </span>
      </div>
      <ol className="campaign__tiers">
        {campaign.tasks.map((task, i) => (
          <li key={i} className={`campaign__tier${i <= reached ? ' campaign__tier--reached' : ''}`} aria-current={i === reached ? 'step' : undefined}>
            <span>{t('rewards.tierBridges', { count: task.conditions.transfer_count })}</span>
            <span className="muted small">{t('rewards.taskPoints', { points: task.points })}</span>
          </li>
        ))}
      </ol>
    </li>
  );
}

/** Themed campaign lists with progress tiers; opens the share modal when a campaign is done with no extra points. */
export function CampaignThemes() {
  const { t } = useTranslation();
  const address = useUserAddress();
  const themes = useQuery(themesQuery());
  const campaigns = useQuery(campaignsQuery());
  const visible = useMemo(() => visibleCampaigns(campaigns.data ?? []), [campaigns.data]);
  const ids = visible.map((c) => c.id);
  const progress = useQuery({ ...campaignProgressQuery(address, ids), refetchInterval: 15_000 });
  const shared = useTaskStore((s) => s.shared[address.toLowerCase()]);
  const markShared = useTaskStore((s) => s.markShared);
  const [shareId, setShareId] = useState<number | null>(null);

  useEffect(() => {
    for (const e of [themes.error, campaigns.error, progress.error]) if (e) logger.warn('campaigns load failed', e);
  }, [themes.error, campaigns.error, progress.error]);

  useEffect(() => {
    if (!address || shareId !== null || !progress.data) return;
    const next = campaignsToShare(visible, progress.data, new Set(shared ?? []));
    if (next[0] !== undefined) {
      markShared(address, next[0]);
      setShareId(next[0]);
    }
  }, [address, visible, progress.data, shared, shareId, markShared]);

  const groups = groupByTheme(themes.data ?? [], visible);
  const byId = new Map((progress.data ?? []).map((p) => [p.campaign_id, p]));
  return (
    <div className="campaign-themes">
      {groups.length === 0 ? <p className="muted small">{t('rewards.noCampaigns')}</p> : null}
      {groups.map((g) => (
        <section key={g.theme.id} className="campaign-theme" aria-label={g.theme.name}>
          <h3 className="section-label">{g.theme.name}</h3>
          <ul className="campaign-list">
            {g.campaigns.map((c) => (
              <CampaignItem key={c.id} campaign={c} progress={byId.get(c.id)} />
            ))}
          </ul>
        </section>
      ))}
      <ShareModal campaign={visible.find((c) => c.id === shareId)} onClose={() => setShareId(null)} />
    </div>
  );
}
