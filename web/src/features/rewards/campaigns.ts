/** Campaign rules the UI applies: which campaigns show, their timing, tiers, tasks and what is shared. */
import type { Campaign, CampaignProgress, CampaignTask, Quest, Theme } from '@/api/rewardsTypes';

/** Ended: it has an end time and that time has passed (end_time 0 never ends). */
export const isCampaignEnded = (c: Pick<Campaign, 'end_time'>, nowMs: number): boolean => c.end_time > 0 && c.end_time * 1000 <= nowMs;

/**
 * Only status 1 and not invisible, newest start first. With `nowMs` (the list was asked with
 * type=all, so ended campaigns come too) the running ones come first, the ended ones after them.
 */
export function visibleCampaigns(list: readonly Campaign[], nowMs?: number): Campaign[] {
  const ended = (c: Campaign): number => (nowMs !== undefined && isCampaignEnded(c, nowMs) ? 1 : 0);
  return list.filter((c) => c.status === 1 && !c.invisible).sort((a, b) => ended(a) - ended(b) || b.start_time - a.start_time);
}

export interface ThemeGroup {
  theme: Theme;
  campaigns: Campaign[];
}

/** Campaigns grouped under their theme, themes in display order; campaigns of unknown themes get a theme of their own name. */
export function groupByTheme(themes: readonly Theme[], campaigns: readonly Campaign[]): ThemeGroup[] {
  const byId = new Map<number, ThemeGroup>();
  for (const t of [...themes].sort((a, b) => a.display_position - b.display_position)) byId.set(t.id, { theme: t, campaigns: [] });
  for (const c of campaigns) {
    let g = byId.get(c.theme_id);
    if (!g) {
      g = { theme: { id: c.theme_id, name: c.theme_name, display_position: Number.MAX_SAFE_INTEGER }, campaigns: [] };
      byId.set(c.theme_id, g);
    }
    g.campaigns.push(c);
  }
  return [...byId.values()].filter((g) => g.campaigns.length > 0);
}

export const isDeployTask = (t: CampaignTask): boolean => (t.conditions.deploy_count ?? 0) > 0;

/** The transfer count that completes a campaign's bridge tiers: the last bridge task's. */
export function targetCount(c: Campaign): number {
  const bridges = c.tasks.filter((t) => !isDeployTask(t));
  return bridges[bridges.length - 1]?.conditions.transfer_count ?? 0;
}

/** Index of the highest bridge tier reached with `count` transfers, or -1. */
export function tierReached(c: Campaign, count: number): number {
  let idx = -1;
  c.tasks.forEach((t, i) => {
    if (!isDeployTask(t) && count >= (t.conditions.transfer_count ?? Infinity)) idx = i;
  });
  return idx;
}

/** Whether task `i` is reached: the server's word when it gave it, else by the bridge count. */
export function taskReached(c: Campaign, p: CampaignProgress | undefined, i: number): boolean {
  const fromServer = p?.tiers_reached?.[i];
  if (fromServer !== undefined) return fromServer;
  const task = c.tasks[i];
  return !!task && !isDeployTask(task) && (p?.transfer_count_total ?? 0) >= (task.conditions.transfer_count ?? Infinity);
}

/** Done: the last bridge tier is reached and so is every deploy task. */
export function isCampaignDone(c: Campaign, p: CampaignProgress | undefined): boolean {
  if (!p || c.tasks.length === 0) return false;
  const target = targetCount(c);
  const bridgesDone = target === 0 || p.transfer_count_total >= target;
  const deploysDone = c.tasks.every((t, i) => !isDeployTask(t) || taskReached(c, p, i));
  return bridgesDone && deploysDone;
}

/** The ids of campaigns done with no extra points whose share modal has not been shown yet. */
export function campaignsToShare(campaigns: readonly Campaign[], progress: readonly CampaignProgress[], shown: ReadonlySet<number>): number[] {
  const byId = new Map(progress.map((p) => [p.campaign_id, p]));
  return campaigns
    .filter((c) => {
      const p = byId.get(c.id);
      return isCampaignDone(c, p) && (p?.extra_points ?? 0) === 0 && !shown.has(c.id);
    })
    .map((c) => c.id);
}

/** time_type (same meaning as the server's campaigns.hpp): 1 counts down to end_time, any other value (0) shows the date range. */
export const TIME_TYPE_COUNTDOWN = 1;

/**
 * How a campaign's time shows: a countdown (time_type 1 with an end), a start–end range, an
 * open-ended 'from' date (end_time 0: never '1970'), 'until' the end, or nothing when neither is set.
 */
export type CampaignTiming = 'countdown' | 'range' | 'from' | 'until' | 'none';

export function campaignTiming(c: Pick<Campaign, 'time_type' | 'start_time' | 'end_time'>): CampaignTiming {
  const hasEnd = c.end_time > 0;
  const hasStart = c.start_time > 0;
  if (c.time_type === TIME_TYPE_COUNTDOWN && hasEnd) return 'countdown';
  if (hasStart && hasEnd) return 'range';
  if (hasStart) return 'from';
  return hasEnd ? 'until' : 'none';
}

/** Milliseconds left until `endSeconds`, clamped at 0. */
export function remainingMs(endSeconds: number, nowMs: number): number {
  return Math.max(0, endSeconds * 1000 - nowMs);
}

/** Quests for the carousel: status 1 and not ended (an end time of 0 never ends), by order. */
export function activeQuests(list: readonly Quest[], nowMs: number): Quest[] {
  return list
    .filter((q) => q.status === 1 && (!q.end_time || q.end_time * 1000 > nowMs))
    .sort((a, b) => a.order - b.order);
}

/** 'a,b, c' → ['a','b','c']. */
export const rewardTags = (q: Pick<Quest, 'rewardTags'>): string[] =>
  (q.rewardTags ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
