/** Limited social tasks: Follow/Join → Verify → Verifying → done or Try Again; Discord Join → Auth → Verify. */

import type { CampaignProgress, SocialTaskConfig } from '@/api/rewardsTypes';

/** 'follow': the plain follow task (verified with no query). */
export type SocialKind = 'twitter' | 'discord' | 'telegram' | 'follow';

export type TaskState =
  /** Not done: shows Follow (X) or Join. */
  | 'idle'
  /** Discord after Join: shows Auth (redirect for authorisation). */
  | 'joined'
  /** Discord: sent to authorise, waiting for the code in the URL. */
  | 'authorizing'
  /** Flagged for verification: shows Verify. */
  | 'ready'
  | 'verifying'
  /** Check mark. */
  | 'done'
  /** Shows Try Again. */
  | 'failed';

export type TaskEvent = 'open' | 'auth' | 'code' | 'verify' | 'success' | 'failure';

export interface SocialTaskDef {
  /** The campaign id the verification posts to (29, 30 and 32 require a wallet). */
  id: number;
  kind: SocialKind;
  /** The page Follow / Join opens. */
  link: string;
  /** The configured name (shown for the follow task). */
  name: string;
  points: number;
  /** Discord: the OAuth application's client id ('' when not configured). */
  clientId: string;
}

/** The tasks as served from config/quests.json (GET campaign_api/v1/social_tasks), in id order. */
export function socialTaskDefs(list: readonly SocialTaskConfig[]): SocialTaskDef[] {
  return [...list]
    .sort((a, b) => a.id - b.id)
    .map((c) => ({ id: c.id, kind: c.platform, link: c.link, name: c.name, points: c.points, clientId: c.client_id ?? '' }));
}

/** Tasks the server has credited (done, or credited points): done on any device. */
export function serverDoneIds(progress: readonly CampaignProgress[]): Set<number> {
  return new Set(progress.filter((p) => p.done === true || p.campaign_points > 0).map((p) => p.campaign_id));
}

/** Discord's OAuth authorisation page for the configured client; the code comes back to /rewards?code=…. */
export function discordAuthUrl(clientId: string, origin: string): string {
  const q = new URLSearchParams({ client_id: clientId, response_type: 'code', scope: 'identify guilds', redirect_uri: `${origin}/rewards` });
  return `https://discord.com/oauth2/authorize?${q.toString()}`;
}

/** Points are read again this long after a social quest completes. */
export const SOCIAL_REFRESH_MS = 5000;

/** The next state; an event that does not apply leaves the state as it is. */
export function nextTaskState(kind: SocialKind, state: TaskState, event: TaskEvent): TaskState {
  if (state === 'done') return 'done';
  switch (event) {
    case 'open':
      if (state !== 'idle') return state;
      return kind === 'discord' ? 'joined' : 'ready';
    case 'auth':
      return kind === 'discord' && state === 'joined' ? 'authorizing' : state;
    case 'code':
      return kind === 'discord' && (state === 'joined' || state === 'authorizing' || state === 'idle') ? 'ready' : state;
    case 'verify':
      return state === 'ready' || state === 'failed' ? 'verifying' : state;
    case 'success':
      return state === 'verifying' ? 'done' : state;
    case 'failure':
      return state === 'verifying' ? 'failed' : state;
  }
}

/** What the task's button does and says in a state. */
export type TaskAction = 'follow' | 'join' | 'auth' | 'verify' | 'verifying' | 'done' | 'retry';

export function taskAction(kind: SocialKind, state: TaskState): TaskAction {
  switch (state) {
    case 'idle':
      return kind === 'twitter' || kind === 'follow' ? 'follow' : 'join';
    case 'joined':
    case 'authorizing':
      return 'auth';
    case 'ready':
      return 'verify';
    case 'verifying':
      return 'verifying';
    case 'done':
      return 'done';
    case 'failed':
      return 'retry';
  }
}

/** The X handle as typed, shown with one leading '@' ('' stays '' so the placeholder shows). */
export function withAtPrefix(input: string): string {
  const bare = input.replace(/\s+/g, '').replace(/^@+/, '');
  return bare ? `@${bare}` : '';
}

/** The handle without '@' (what the verification call sends); '' when nothing was typed. */
export const bareHandle = (shown: string): string => withAtPrefix(shown).slice(1);

/** A handle must be nonempty to verify. */
export const canVerifyHandle = (shown: string): boolean => bareHandle(shown).length > 0;
