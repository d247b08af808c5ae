import { describe, expect, it } from 'vitest';
import type { Campaign, Quest } from '@/api/rewardsTypes';
import { BOOST_TIERS } from '@/lib/config';
import { tierForMultiplier } from './boost';
import { canBindReferrer } from './ReferralCard';
import { activeQuests, campaignsToShare, groupByTheme, isCampaignDone, isCampaignEnded, remainingMs, rewardTags, targetCount, taskReached, tierReached, campaignTiming, TIME_TYPE_COUNTDOWN, visibleCampaigns } from './campaigns';

const campaign = (over: Partial<Campaign>): Campaign => ({
  id: 1,
  name: 'c',
  status: 1,
  theme_id: 1,
  theme_name: 'T',
  start_time: 100,
  end_time: 200,
  time_type: 1,
  logo_url: '',
  invisible: false,
  tasks: [
    { points: 10, conditions: { transfer_count: 1 } },
    { points: 30, conditions: { transfer_count: 3 } },
  ],
  ...over,
});

describe('campaigns', () => {
  it('keeps status 1 and not invisible, newest start first', () => {
    const list = [
      campaign({ id: 1, start_time: 10 }),
      campaign({ id: 2, start_time: 30 }),
      campaign({ id: 3, status: 2 }),
      campaign({ id: 4, invisible: true }),
      campaign({ id: 5, invisible: 1 }),
      campaign({ id: 6, start_time: 20 }),
    ];
    expect(visibleCampaigns(list).map((c) => c.id)).toEqual([2, 6, 1]);
  });

  it('with type=all puts the running campaigns first and the ended ones after them', () => {
    const now = 1_000_000;
    const list = [
      campaign({ id: 1, start_time: 10, end_time: 100 }),
      campaign({ id: 2, start_time: 30, end_time: 2_000 }),
      campaign({ id: 3, start_time: 40, end_time: 500 }),
      campaign({ id: 4, start_time: 5, end_time: 0 }),
    ];
    expect(visibleCampaigns(list, now).map((c) => c.id)).toEqual([2, 4, 3, 1]);
    expect(isCampaignEnded({ end_time: 1_000 }, now)).toBe(true);
    expect(isCampaignEnded({ end_time: 1_001 }, now)).toBe(false);
    expect(isCampaignEnded({ end_time: 0 }, now)).toBe(false);
  });

  it('groups by theme in display order', () => {
    const groups = groupByTheme(
      [
        { id: 1, name: 'B', display_position: 2 },
        { id: 2, name: 'A', display_position: 1 },
        { id: 3, name: 'empty', display_position: 0 },
      ],
      [campaign({ id: 1, theme_id: 1 }), campaign({ id: 2, theme_id: 2 }), campaign({ id: 3, theme_id: 9, theme_name: 'Other' })],
    );
    expect(groups.map((g) => g.theme.name)).toEqual(['A', 'B', 'Other']);
  });

  it('is done when the count reaches the last task, with tiers in between', () => {
    const c = campaign({});
    expect(targetCount(c)).toBe(3);
    expect(tierReached(c, 0)).toBe(-1);
    expect(tierReached(c, 2)).toBe(0);
    expect(tierReached(c, 3)).toBe(1);
    const p = (n: number, extra = 0) => ({ campaign_id: 1, transfer_count_total: n, campaign_points: 0, cross_total_points: 0, extra_points: extra });
    expect(isCampaignDone(c, p(2))).toBe(false);
    expect(isCampaignDone(c, p(3))).toBe(true);
    expect(isCampaignDone(c, undefined)).toBe(false);
  });

  it('counts deploy tasks by what the server says, and needs every one of them', () => {
    const c = campaign({
      tasks: [
        { points: 10, conditions: { transfer_count: 1 } },
        { points: 30, conditions: { deploy_count: 1, chain: 1868 } },
      ],
    });
    expect(targetCount(c)).toBe(1);
    expect(tierReached(c, 5)).toBe(0); // a deploy task is never reached by bridges
    const p = (n: number, tiers?: boolean[]) => ({ campaign_id: 1, transfer_count_total: n, campaign_points: 0, cross_total_points: 0, extra_points: 0, tiers_reached: tiers });
    expect(taskReached(c, p(1), 1)).toBe(false);
    expect(taskReached(c, p(1), 0)).toBe(true);
    expect(isCampaignDone(c, p(1, [true, false]))).toBe(false);
    expect(isCampaignDone(c, p(1, [true, true]))).toBe(true);
    const deployOnly = campaign({ tasks: [{ points: 30, conditions: { deploy_count: 1, chain: 8453 } }] });
    expect(targetCount(deployOnly)).toBe(0);
    expect(isCampaignDone(deployOnly, p(0, [false]))).toBe(false);
    expect(isCampaignDone(deployOnly, p(0, [true]))).toBe(true);
  });

  it('offers the share modal once per campaign done with no extra points', () => {
    const cs = [campaign({ id: 1 }), campaign({ id: 2 }), campaign({ id: 3 })];
    const progress = [
      { campaign_id: 1, transfer_count_total: 3, campaign_points: 40, cross_total_points: 0, extra_points: 0 },
      { campaign_id: 2, transfer_count_total: 3, campaign_points: 40, cross_total_points: 0, extra_points: 5 },
      { campaign_id: 3, transfer_count_total: 1, campaign_points: 10, cross_total_points: 0, extra_points: 0 },
    ];
    expect(campaignsToShare(cs, progress, new Set())).toEqual([1]);
    expect(campaignsToShare(cs, progress, new Set([1]))).toEqual([]);
  });

  it('countdown clamps at 0; time_type 1 counts down, 0 shows a range, end_time 0 is open-ended', () => {
    expect(remainingMs(200, 150_000)).toBe(50_000);
    expect(remainingMs(200, 250_000)).toBe(0);
    expect(TIME_TYPE_COUNTDOWN).toBe(1);
    expect(campaignTiming({ time_type: 1, start_time: 100, end_time: 200 })).toBe('countdown');
    expect(campaignTiming({ time_type: 0, start_time: 100, end_time: 200 })).toBe('range');
    // No end: never a countdown to 1970, a 'from' date instead.
    expect(campaignTiming({ time_type: 1, start_time: 100, end_time: 0 })).toBe('from');
    expect(campaignTiming({ time_type: 0, start_time: 100, end_time: 0 })).toBe('from');
    expect(campaignTiming({ time_type: 0, start_time: 0, end_time: 200 })).toBe('until');
    expect(campaignTiming({ time_type: 0, start_time: 0, end_time: 0 })).toBe('none');
  });

  it('keeps active quests (status 1, not ended) in order, and splits reward tags', () => {
    const q = (order: number, status: number, end: number): Quest => ({
      order,
      status,
      end_time: end,
      start_time: 0,
      maintitle: `q${order}`,
      subtitle: '',
      img: '',
      link: '',
      rewardTags: 'Points, NFT',
      cover_label: '',
      userNumValue: 0,
    });
    const list = [q(3, 1, 0), q(1, 1, 2000), q(2, 0, 2000), q(4, 1, 500)];
    expect(activeQuests(list, 1_000_000).map((x) => x.order)).toEqual([1, 3]);
    expect(rewardTags(list[0] as Quest)).toEqual(['Points', 'NFT']);
  });
});

describe('point boost tier highlight', () => {
  it('follows the multiplier and the bridge count', () => {
    expect(BOOST_TIERS.map((t) => [t.bridges, t.multiplier])).toEqual([
      [3, 1.1],
      [10, 1.2],
      [50, 1.3],
      [100, 1.5],
    ]);
    expect(tierForMultiplier(1)).toBe(-1);
    expect(tierForMultiplier(1.3)).toBe(2);
    expect(tierForMultiplier(undefined)).toBe(-1);
  });
});

describe('referral binding', () => {
  const me = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65';
  const other = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
  it('needs a wallet, an address that is not the user, and no referrer yet', () => {
    expect(canBindReferrer(me, other, null)).toBe(true);
    expect(canBindReferrer(me, me.toLowerCase(), null)).toBe(false);
    expect(canBindReferrer(me, other, other.toLowerCase())).toBe(false);
    expect(canBindReferrer('', other, null)).toBe(false);
    expect(canBindReferrer(me, '0x123', null)).toBe(false);
  });
});
