/** Rewards shapes: the entities and the answers of the rewards calls. Fields the server may omit or vary are typed loosely and normalised by the callers. */

/** A date as the server may send it: unix seconds or ms, yyyymmdd (number or text), or an ISO date text. */
export type DateLike = number | string;

export interface ReferInfo {
  total_referees: number;
  referee_bridges: number;
  /** The bound referrer (lower case), or null. */
  referrer?: string | null;
}

/** GET /campaign_api/v1/{address}/chainSignInInfo. */
export interface CheckInInfo {
  /** 7 characters of 0/1, Monday first, for the current UTC week. */
  sign_in_mask: string;
  /** Optional: the server's own Mon-Sun special days (0/1), preferred over the client's rule. */
  special_mask?: string;
  /** `day` (yyyymmdd), when sent, names the UTC day better than the time of the transaction. */
  list: { sign_in_time: DateLike; points: number; day?: DateLike }[];
  time_now: DateLike;
}

/** One day of GET lottery/maker/sign/user. */
export interface CheckInDay {
  blockDate: DateLike;
  points: number;
  chainId: number;
  txHash: string;
  inBridge: boolean;
}

export interface CheckInMonth {
  historyList: CheckInDay[];
  transactionCount: number;
  isCheckIn: boolean;
}

export interface CheckInContract {
  chainId: number;
  contractAddress: string;
}

/** POST lottery/maker/sign/in body. */
export interface CheckInRequest {
  encrypt: { timestamp: number; encrypted: string };
  hash: string;
  chainId: number;
  userAddress: string;
}

export interface CheckInResult {
  points: number;
  /** 2, or 10 when the user bridged that UTC day (the x5 message); before the x2 doubling. */
  basePoints: number;
  /** 2 on a special day. */
  multiplier: number;
  message: string;
}

/** A tier: a number of bridges (transfer_count), or contracts deployed from /deploy on a network (deploy_count, chain). */
export interface CampaignTask {
  points: number;
  conditions: { transfer_count?: number; from_chain?: number | string; to_chain?: number | string; deploy_count?: number; chain?: number };
}

export interface Campaign {
  id: number;
  name: string;
  status: number;
  theme_id: number;
  theme_name: string;
  start_time: number;
  end_time: number;
  /** 1: a countdown to end_time; 0: the start–end date range (an end_time of 0 is open-ended). */
  time_type: number;
  logo_url: string;
  invisible: boolean | number;
  tasks: CampaignTask[];
}

export interface CampaignProgress {
  campaign_id: number;
  transfer_count_total: number;
  campaign_points: number;
  cross_total_points: number;
  extra_points: number;
  /** Campaigns: the last bridge tier and every deploy task are reached; social tasks: the verification was credited. */
  done?: boolean;
  /** Campaigns: per task, whether it is reached. */
  tiers_reached?: boolean[];
}

/** A social task of GET /campaign_api/v1/social_tasks (config/quests.json). */
export interface SocialTaskConfig {
  id: number;
  platform: 'twitter' | 'discord' | 'telegram' | 'follow';
  name: string;
  link: string;
  points: number;
  /** Discord: the OAuth application's client id. */
  client_id?: string;
}

export interface Theme {
  id: number;
  name: string;
  display_position: number;
}

/** An activity (quest) of GET /admin/api/activity/info. */
export interface Quest {
  order: number;
  status: number;
  end_time: number;
  start_time: number;
  maintitle: string;
  subtitle: string;
  img: string;
  link: string;
  rewardTags: string;
  cover_label: string;
  userNumValue: number | string;
}

/** Query variants of POST /campaign_api/v1/{user}/campaigns/{id}: each task kind sends its own parameters. */
export type TaskJoin =
  | { kind: 'follow' }
  | { kind: 'share' }
  | { kind: 'twitter'; twitterUsername: string }
  | { kind: 'discord'; code: string }
  | { kind: 'telegram' };
