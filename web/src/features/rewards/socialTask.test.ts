import { describe, expect, it } from 'vitest';
import { taskJoinQuery } from '@/api/rewards';
import { bareHandle, canVerifyHandle, discordAuthUrl, nextTaskState, serverDoneIds, socialTaskDefs, taskAction, withAtPrefix, type SocialKind, type TaskEvent, type TaskState } from './socialTask';
import { expectOutputs } from '@/test/expectOutputs';

const run = (kind: SocialKind, events: TaskEvent[]): TaskState => events.reduce<TaskState>((s, e) => nextTaskState(kind, s, e), 'idle');

describe('social task state machine', () => {
  it('X and Telegram: Follow/Join → Verify → Verifying → done', () => {
    expect(taskAction('twitter', 'idle')).toBe('follow');
    expect(taskAction('telegram', 'idle')).toBe('join');
    expect(run('twitter', ['open'])).toBe('ready');
    expect(taskAction('twitter', 'ready')).toBe('verify');
    expect(run('twitter', ['open', 'verify'])).toBe('verifying');
    expect(taskAction('telegram', 'verifying')).toBe('verifying');
    expect(run('telegram', ['open', 'verify', 'success'])).toBe('done');
    expect(taskAction('telegram', 'done')).toBe('done');
  });

  it('failure shows Try Again, which verifies again', () => {
    const failed = run('twitter', ['open', 'verify', 'failure']);
    expect(failed).toBe('failed');
    expect(taskAction('twitter', failed)).toBe('retry');
    expect(nextTaskState('twitter', failed, 'verify')).toBe('verifying');
    expect(run('twitter', ['open', 'verify', 'failure', 'verify', 'success'])).toBe('done');
  });

  it('Discord: Join → Auth → (code in the URL) → Verify', () => {
    expect(taskAction('discord', 'idle')).toBe('join');
    expect(run('discord', ['open'])).toBe('joined');
    expect(taskAction('discord', 'joined')).toBe('auth');
    expect(run('discord', ['open', 'auth'])).toBe('authorizing');
    expect(run('discord', ['open', 'auth', 'code'])).toBe('ready');
    expect(run('discord', ['open', 'verify'])).toBe('joined'); // no Verify before the code
    expect(run('discord', ['open', 'auth', 'code', 'verify', 'success'])).toBe('done');
  });

  it('ignores events that do not apply and never leaves done', () => {
    expect(run('twitter', ['verify'])).toBe('idle');
    expect(run('twitter', ['success'])).toBe('idle');
    expect(run('twitter', ['auth', 'code'])).toBe('idle');
    expect(nextTaskState('telegram', 'done', 'failure')).toBe('done');
    expect(nextTaskState('telegram', 'ready', 'open')).toBe('ready');
  });
});

describe("X handle '@' prefix", () => {
  it('auto-prefixes one @ and strips spaces', () => {
    expectOutputs(withAtPrefix, [['perch', '@perch'], ['@perch', '@perch'], ['@@ per ch', '@perch'], ['', ''], ['@', '']]);
  });

  it('must be nonempty to verify; the call sends it without @', () => {
    expectOutputs(canVerifyHandle, [['@', false], ['', false], ['@a', true]]);
    expect(bareHandle('@perch')).toBe('perch');
  });
});

describe('campaign task query variants', () => {
  it('follow, share, X, Discord, Telegram', () => {
    expect(taskJoinQuery({ kind: 'follow' })).toEqual({});
    expect(taskJoinQuery({ kind: 'share' })).toEqual({ join_type: 2 });
    expect(taskJoinQuery({ kind: 'twitter', twitterUsername: 'perch' })).toEqual({ join_type: 1, join_platform: 1, twitter_username: 'perch' });
    expect(taskJoinQuery({ kind: 'discord', code: 'abc' })).toEqual({ join_platform: 3, code: 'abc' });
    expect(taskJoinQuery({ kind: 'telegram' })).toEqual({ join_platform: 2 });
  });
});

describe('social tasks from config', () => {
  it('maps the served tasks by id, the Discord client id and the follow task included', () => {
    const defs = socialTaskDefs([
      { id: 32, platform: 'telegram', name: 'T', link: 'https://t.me/x', points: 30 },
      { id: 30, platform: 'discord', name: 'D', link: 'https://discord.gg/x', points: 30, client_id: '987' },
      { id: 31, platform: 'follow', name: 'Blog', link: 'https://blog', points: 20 },
    ]);
    expect(defs.map((d) => [d.id, d.kind])).toEqual([
      [30, 'discord'],
      [31, 'follow'],
      [32, 'telegram'],
    ]);
    expect(defs[0]?.clientId).toBe('987');
    expect(defs[2]?.clientId).toBe('');
    expect(taskAction('follow', 'idle')).toBe('follow');
    expect(run('follow', ['open', 'verify', 'success'])).toBe('done');
  });

  it("builds Discord's authorisation URL from the configured client id", () => {
    const url = new URL(discordAuthUrl('987', 'https://perch.example'));
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe('987');
    expect(url.searchParams.get('redirect_uri')).toBe('https://perch.example/rewards');
  });

  it('counts a task done when the server says done or credited points', () => {
    const p = (campaign_id: number, campaign_points: number, done?: boolean) => ({ campaign_id, transfer_count_total: 0, campaign_points, cross_total_points: 0, extra_points: 0, done });
    expect([...serverDoneIds([p(29, 30, true), p(30, 0, false), p(32, 30), p(31, 0, true)])].sort()).toEqual([29, 31, 32]);
  });
});
