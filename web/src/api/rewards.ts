import { sha256Hex } from '@/lib/sha256';
import { ApiError, request } from './client';
import type {
  Campaign,
  CampaignProgress,
  CheckInContract,
  CheckInInfo,
  CheckInMonth,
  CheckInRequest,
  CheckInResult,
  Quest,
  ReferInfo,
  SocialTaskConfig,
  TaskJoin,
  Theme,
} from './rewardsTypes';

/** Rewards and sign-in calls. Their envelopes differ: success is code 0 for campaign_api, 200 for lottery and admin. */

const LOTTERY_OK = [200, 0] as const;
const AUTH_OK = [0, 200] as const;

const user = (address: string): string => `campaign_api/v1/${encodeURIComponent(address)}`;

/** Accepts `data` as a bare list or as {list}. */
function listOf<T>(data: T[] | { list?: T[] } | null | undefined): T[] {
  if (Array.isArray(data)) return data;
  return data?.list ?? [];
}

// ---- sign-in with the wallet (EIP-4361) ----------------------------------------------------------

export async function getAuthNonce(signal?: AbortSignal): Promise<string> {
  const data = await request<string | { nonce: string }>('auth/nonce', { okCodes: AUTH_OK, signal });
  const nonce = typeof data === 'string' ? data : data?.nonce;
  if (!nonce) throw new Error('The server sent no sign-in nonce.');
  return nonce;
}

export function postAuthVerify(message: string, signature: string): Promise<unknown> {
  return request<unknown>('auth/verify', { method: 'POST', body: { message, signature }, okCodes: AUTH_OK });
}

export function postAuthLogout(): Promise<unknown> {
  return request<unknown>('auth/logout', { method: 'POST', body: {}, okCodes: AUTH_OK });
}

// ---- points, referral, campaigns, quests ---------------------------------------------------------

export function getReferInfo(address: string, signal?: AbortSignal): Promise<ReferInfo> {
  return request<ReferInfo>(`${user(address)}/referInfo`, { signal });
}

/** One wallet the user invited, as GET campaign_api/v1/{user}/referees lists it (newest first). */
export interface Referee {
  address: string;
  /** Completed bridges of the referee. */
  bridges: number;
  /** Referral points the user earned from this referee (10 % of its bridge points). */
  points: number;
  /** When the referee bound the user as its referrer (unix seconds). */
  bound_at: number;
}

/**
 * The user's referees and what each brought in. Null when the server has no such list (404), so
 * the page can say so rather than show an empty list that looks like "nobody".
 */
export async function getReferees(address: string, signal?: AbortSignal): Promise<Referee[] | null> {
  try {
    return listOf(await request<Referee[] | { list?: Referee[] }>(`${user(address)}/referees`, { signal }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/** Binds the wallet's referrer (needs the wallet's session; fixed after the first bridge). */
export async function postReferrer(address: string, referrer: string): Promise<void> {
  await request<unknown>(`${user(address)}/referrer`, { method: 'POST', body: { referrer } });
}

export async function getCampaignProgress(address: string, ids: readonly number[], signal?: AbortSignal): Promise<CampaignProgress[]> {
  const data = await request<{ campaigns?: CampaignProgress[] } | null>(`${user(address)}/campaigns/points`, {
    query: { campaign_id: ids.join(',') },
    signal,
  });
  return data?.campaigns ?? [];
}

export async function getThemes(signal?: AbortSignal): Promise<Theme[]> {
  return listOf(await request<Theme[] | { list?: Theme[] }>('campaign_api/v1/themes', { signal }));
}

/** Every shown campaign, ended ones too (type=all): an ended campaign still shows what the wallet earned in it. */
export async function getCampaigns(signal?: AbortSignal): Promise<Campaign[]> {
  return listOf(await request<{ total?: number; list?: Campaign[] }>('campaign_api/v1/campaigns', { query: { type: 'all' }, signal }));
}

export async function getSocialTasks(signal?: AbortSignal): Promise<SocialTaskConfig[]> {
  return listOf(await request<SocialTaskConfig[] | { list?: SocialTaskConfig[] }>('campaign_api/v1/social_tasks', { signal }));
}

export async function getQuests(signal?: AbortSignal): Promise<Quest[]> {
  return listOf(await request<Quest[] | { list?: Quest[] }>('admin/api/activity/info', { okCodes: [200], signal }));
}

/** The query string of a campaign task POST: each kind of task sends its own parameters (none for a plain follow). */
export function taskJoinQuery(join: TaskJoin): Record<string, string | number> {
  switch (join.kind) {
    case 'follow':
      return {};
    case 'share':
      return { join_type: 2 };
    case 'twitter':
      return { join_type: 1, join_platform: 1, twitter_username: join.twitterUsername };
    case 'discord':
      return { join_platform: 3, code: join.code };
    case 'telegram':
      return { join_platform: 2 };
  }
}

/** Verifies a task (or records a share); success is code 0 with empty data. */
export async function postCampaignTask(address: string, id: number, join: TaskJoin): Promise<void> {
  await request<unknown>(`${user(address)}/campaigns/${id}`, { method: 'POST', query: taskJoinQuery(join), body: {} });
}

// ---- daily check-in -------------------------------------------------------------------------------

export async function getCheckInInfo(address: string, signal?: AbortSignal): Promise<CheckInInfo> {
  return request<CheckInInfo>(`${user(address)}/chainSignInInfo`, { signal });
}

export async function getCheckInContracts(signal?: AbortSignal): Promise<CheckInContract[]> {
  return listOf(await request<CheckInContract[] | { list?: CheckInContract[] }>('lottery/maker/sign/contract', { okCodes: LOTTERY_OK, signal }));
}

export async function getCheckInMonth(address: string, year: number, month: number, signal?: AbortSignal): Promise<CheckInMonth> {
  const data = await request<Partial<CheckInMonth> | null>('lottery/maker/sign/user', {
    query: { address, year, month },
    okCodes: LOTTERY_OK,
    signal,
  });
  return { historyList: data?.historyList ?? [], transactionCount: data?.transactionCount ?? 0, isCheckIn: !!data?.isCheckIn };
}

/**
 * The `encrypt` part of the sign-in call. The spec does not say how it is built; Perch sends the
 * unix time in seconds and SHA-256 hex of `address:txHash:timestamp` (lower case), a tamper check
 * only: the session cookie and the on-chain receipt are what the server trusts.
 */
export async function checkInEncrypt(userAddress: string, hash: string, now: Date = new Date()): Promise<CheckInRequest['encrypt']> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const encrypted = await sha256Hex(`${userAddress.toLowerCase()}:${hash.toLowerCase()}:${timestamp}`);
  return { timestamp, encrypted };
}

export async function postCheckIn(body: CheckInRequest): Promise<CheckInResult> {
  const data = await request<number | { points?: number; base_points?: number; multiplier?: number; message?: string } | null>('lottery/maker/sign/in', {
    method: 'POST',
    body,
    okCodes: LOTTERY_OK,
  });
  if (typeof data === 'number') return { points: data, basePoints: data, multiplier: 1, message: '' };
  const points = data?.points ?? 0;
  const multiplier = data?.multiplier ?? 1;
  return { points, basePoints: data?.base_points ?? Math.floor(points / multiplier), multiplier, message: data?.message ?? '' };
}
