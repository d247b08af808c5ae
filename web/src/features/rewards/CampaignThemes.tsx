import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainsQuery } from '@/api/queries';
import { campaignProgressQuery, campaignsQuery, themesQuery } from '@/api/rewardsQueries';
import type { Campaign, CampaignProgress } from '@/api/rewardsTypes';
import type { Chain } from '@/api/types';
import { Tag } from '@/components/Tag';
import { DeployToLink } from '@/features/deploy/DeployToLink';
import { useNow } from '@/features/checkin/useUtcNow';
import { logger } from '@/lib/logger';
import { countdownParts } from '@/lib/time';
import { useUserAddress } from '@/wallet/store';
import { campaignsToShare, campaignTiming, groupByTheme, isCampaignEnded, isDeployTask, remainingMs, targetCount, taskReached, tierReached, visibleCampaigns } from './campaigns';
import { ShareModal } from './ShareModal';
import { useTaskStore } from './taskStore';
import { formatUtcDate } from '@/lib/format';
import { formatThousands } from '@/lib/number';

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

/** A chain's name from the chain list (its id until the list is loaded), and the list. */
function useChainName(): { chainName: (id: number) => string; chains: Chain[] | undefined } {
  const chains = useQuery(chainsQuery());
  return { chainName: (id) => chains.data?.find((c) => c.chain_id === id)?.chain_name ?? String(id), chains: chains.data };
}

/** A logo that does not load is hidden rather than shown broken. */
export const hideBroken = (e: { currentTarget: HTMLImageElement }): void => {
  e.currentTarget.style.display = 'none';
};

const day = (sec: number): string => formatUtcDate(sec);

/** The countdown (time_type 1) or the date range; an end_time of 0 reads as open-ended. */
function CampaignTime({ campaign, ended }: { campaign: Campaign; ended: boolean }) {
  const { t } = useTranslation();
  // An ended campaign's countdown would sit at zero: its dates say more.
  const timing = campaignTiming(ended ? { ...campaign, time_type: 0 } : campaign);
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

function CampaignItem({ campaign, progress, ended }: { campaign: Campaign; progress: CampaignProgress | undefined; ended: boolean }) {
  const { t } = useTranslation();
  const { chainName, chains } = useChainName();
  const count = progress?.transfer_count_total ?? 0;
  const target = targetCount(campaign);
  const reached = tierReached(campaign, count);
  const deployOnly = target === 0;
  const tasksDone = campaign.tasks.filter((_, i) => taskReached(campaign, progress, i)).length;
  return (
    <li className={ended ? 'campaign campaign--ended' : 'campaign'} data-testid={`campaign-${campaign.id}`} data-ended={ended}>
      <div className="campaign__head">
        {campaign.logo_url ? <img src={campaign.logo_url} alt="" className="campaign__logo" onError={hideBroken} /> : null}
        <strong>{campaign.name}</strong>
        {ended ? <Tag tone="muted">{t('rewards.campaignEnded')}</Tag> : null}
        <CampaignTime campaign={campaign} ended={ended} />
      </div>
      <div className="campaign__progress" aria-label={t('rewards.progress')}>
        {deployOnly ? (
          <>
            <progress max={campaign.tasks.length} value={tasksDone} />
            <span className="small" data-testid={`campaign-count-${campaign.id}`}>
              {t('rewards.tasksDone', { count: tasksDone, target: campaign.tasks.length })}
            </span>
          </>
        ) : (
          <>
            <progress max={target || 1} value={Math.min(count, target)} />
            <span className="small" data-testid={`campaign-count-${campaign.id}`}>
              {t('rewards.transfers', { count: Math.min(count, target), target })}
            </span>
          </>
        )}
      </div>
      <ol className="campaign__tiers">
        {campaign.tasks.map((task, i) => {
          const deploy = isDeployTask(task);
          const done = deploy ? taskReached(campaign, progress, i) : i <= reached;
          return (
            <li
              key={i}
              className={`campaign__tier${done ? ' campaign__tier--reached' : ''}`}
              aria-current={!deploy && i === reached ? 'step' : undefined}
              data-testid={`campaign-${campaign.id}-task-${i}`}
              data-done={done}
            >
              {deploy ? (
                <DeployToLink chainId={task.conditions.chain ?? 0} name={chainName(task.conditions.chain ?? 0)} chains={chains} keepLabel>
                  {t('rewards.tierDeploy', { network: chainName(task.conditions.chain ?? 0) })}
                </DeployToLink>
              ) : (
                <span>{t('rewards.tierBridges', { count: task.conditions.transfer_count ?? 0 })}</span>
              )}
              <span className="muted small">{t('rewards.taskPoints', { points: formatThousands(task.points) })}</span>
            </li>
          );
        })}
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
  // Read once per list: an ended campaign moves below the running ones on the next load.
  const visible = useMemo(() => visibleCampaigns(campaigns.data ?? [], Date.now()), [campaigns.data]);
  const running = useMemo(() => visible.filter((c) => !isCampaignEnded(c, Date.now())), [visible]);
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
    // Only a campaign still running prompts a share: an old finished one would pop up out of the blue.
    const next = campaignsToShare(running, progress.data, new Set(shared ?? []));
    if (next[0] !== undefined) {
      markShared(address, next[0]);
      setShareId(next[0]);
    }
  }, [address, running, progress.data, shared, shareId, markShared]);

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
              <CampaignItem key={c.id} campaign={c} progress={byId.get(c.id)} ended={!running.includes(c)} />
            ))}
          </ul>
        </section>
      ))}
      <ShareModal campaign={visible.find((c) => c.id === shareId)} onClose={() => setShareId(null)} />
    </div>
  );
}
