import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { postCampaignTask } from '@/api/rewards';
import { campaignProgressQuery, socialTasksQuery } from '@/api/rewardsQueries';
import type { TaskJoin } from '@/api/rewardsTypes';
import { DiscordLogo, GiftIcon, TelegramLogo, XLogo } from '@/components/icons';
import { withSession } from '@/features/auth/session';
import { toast } from '@/features/toast/store';
import { logger } from '@/lib/logger';
import { useWalletModal } from '@/wallet/modalStore';
import { useUserAddress } from '@/wallet/store';
import {
  bareHandle,
  canVerifyHandle,
  discordAuthUrl,
  serverDoneIds,
  SOCIAL_REFRESH_MS,
  socialTaskDefs,
  taskAction,
  withAtPrefix,
  type SocialTaskDef,
} from './socialTask';
import { useTaskState, useTaskStore } from './taskStore';
import { formatThousands } from '@/lib/number';

/** The OAuth code Discord sent back, kept for this tab until it is used (a reload keeps it). */
const DISCORD_CODE_KEY = 'perch-discord-code';

const TITLE = { twitter: 'rewards.followX', discord: 'rewards.joinDiscord', telegram: 'rewards.joinTelegram', follow: 'rewards.followTask' } as const;
const LOGO = { twitter: XLogo, discord: DiscordLogo, telegram: TelegramLogo, follow: GiftIcon } as const;

function SocialTask({ task, serverDone, discordCode }: { task: SocialTaskDef; serverDone: boolean; discordCode: string }) {
  const { t } = useTranslation();
  const address = useUserAddress();
  const showWallets = useWalletModal((s) => s.show);
  const dispatch = useTaskStore((s) => s.dispatch);
  const state = useTaskState(address, task.id);
  const queryClient = useQueryClient();
  const [handle, setHandle] = useState('');
  const action = serverDone ? 'done' : taskAction(task.kind, state);
  const Logo = LOGO[task.kind];

  // Every task credits a wallet, so any of them (the follow task 31 as much as 29, 30 and 32)
  // opens the wallet list rather than doing nothing when none is connected.
  const needWallet = (): boolean => {
    if (address) return false;
    showWallets();
    return true;
  };

  const verify = async (): Promise<void> => {
    if (needWallet()) return;
    let join: TaskJoin;
    if (task.kind === 'twitter') {
      if (!canVerifyHandle(handle)) return;
      join = { kind: 'twitter', twitterUsername: bareHandle(handle) };
    } else if (task.kind === 'discord') {
      join = { kind: 'discord', code: discordCode };
    } else {
      join = { kind: task.kind };
    }
    dispatch(address, task.id, task.kind, 'verify');
    try {
      await withSession(address, () => postCampaignTask(address, task.id, join));
      dispatch(address, task.id, task.kind, 'success');
      if (task.kind === 'discord') sessionStorage.removeItem(DISCORD_CODE_KEY);
      void queryClient.invalidateQueries({ queryKey: ['campaign-progress'] });
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['points'] }), SOCIAL_REFRESH_MS);
    } catch (err) {
      logger.warn(`social task ${task.id} verification failed`, err);
      dispatch(address, task.id, task.kind, 'failure');
      toast.error(t('rewards.verifyFail'));
    }
  };

  const onClick = (): void => {
    switch (action) {
      case 'follow':
      case 'join':
        if (needWallet()) return;
        window.open(task.link, '_blank', 'noopener,noreferrer');
        dispatch(address, task.id, task.kind, 'open');
        return;
      case 'auth':
        if (needWallet()) return;
        if (!task.clientId) {
          toast.error(t('rewards.discordNotConfigured'));
          return;
        }
        dispatch(address, task.id, task.kind, 'auth');
        window.location.assign(discordAuthUrl(task.clientId, window.location.origin));
        return;
      case 'verify':
      case 'retry':
        void verify();
        return;
      default:
    }
  };

  const label = {
    follow: t('rewards.follow'),
    join: t('rewards.join'),
    auth: t('rewards.auth'),
    verify: t('rewards.verify'),
    verifying: t('rewards.verifying'),
    done: t('rewards.done'),
    retry: t('rewards.tryAgain'),
  }[action];

  return (
    <li className="task" data-testid={`social-task-${task.id}`} data-state={serverDone ? 'done' : state}>
      <Logo />
      <div className="task__body">
        <div>{t(TITLE[task.kind], { name: task.name })}</div>
        <div className="muted small">{t('rewards.taskPoints', { points: formatThousands(task.points) })}</div>
        {task.kind === 'twitter' && (action === 'verify' || action === 'retry') ? (
          <input
            className="input task__input"
            value={handle}
            placeholder={t('rewards.handlePlaceholder')}
            aria-label={t('rewards.handleLabel')}
            onChange={(e) => setHandle(withAtPrefix(e.target.value))}
          />
        ) : null}
      </div>
      {action === 'done' ? (
        <span className="task__done" role="img" aria-label={t('rewards.done')}>
          ✓
        </span>
      ) : (
        <button
          type="button"
          className="btn btn--soft"
          onClick={onClick}
          disabled={action === 'verifying' || (task.kind === 'twitter' && action === 'verify' && !canVerifyHandle(handle))}
        >
          {label}
        </button>
      )}
    </li>
  );
}

/**
 * Limited tasks from config (GET social_tasks): follow on X, join Discord and Telegram, and a plain
 * follow task when configured (30 points each after verification). Done comes from the server's
 * credited points, so a verified task stays done after a reload or on another device.
 */
export function SocialTasks() {
  const { t } = useTranslation();
  const address = useUserAddress();
  const config = useQuery(socialTasksQuery());
  const tasks = socialTaskDefs(config.data ?? []);
  const ids = tasks.map((s) => s.id);
  const progress = useQuery(campaignProgressQuery(address, ids));
  const discordId = tasks.find((s) => s.kind === 'discord')?.id;
  const [params, setParams] = useSearchParams();
  const dispatch = useTaskStore((s) => s.dispatch);
  const [discordCode, setDiscordCode] = useState(() => sessionStorage.getItem(DISCORD_CODE_KEY) ?? '');
  const handled = useRef(false);

  // Back from Discord's authorisation with ?code=…: the Discord task can be verified.
  useEffect(() => {
    const code = params.get('code');
    if (!code || handled.current || !address || discordId === undefined) return;
    handled.current = true;
    setDiscordCode(code);
    sessionStorage.setItem(DISCORD_CODE_KEY, code);
    dispatch(address, discordId, 'discord', 'code');
    const next = new URLSearchParams(params);
    next.delete('code');
    setParams(next, { replace: true });
  }, [params, setParams, address, dispatch, discordId]);

  const done = serverDoneIds(progress.data ?? []);
  return (
    <div className="social-tasks">
      <h3 className="section-label">{t('rewards.limitedTasks')}</h3>
      <ul className="task-list">
        {tasks.map((task) => (
          <SocialTask key={task.id} task={task} serverDone={done.has(task.id)} discordCode={discordCode} />
        ))}
      </ul>
    </div>
  );
}
