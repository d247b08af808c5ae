import '@/features/rewards/rewards.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainsQuery } from '@/api/queries';
import { checkInContractsQuery, checkInInfoQuery, checkInMonthQuery } from '@/api/rewardsQueries';
import type { Chain } from '@/api/types';
import { Modal } from '@/components/Modal';
import { todayIsSpecial, weekBoxes } from '@/features/rewards/weekly';
import { toast } from '@/features/toast/store';
import { TxSteps } from '@/features/tx/TxSteps';
import { explorerTxUrl } from '@/lib/explorer';
import { msUntilNextUtcDay } from '@/lib/time';
import { useWalletModal } from '@/wallet/modalStore';
import { useUserAddress } from '@/wallet/store';
import {
  addMonths,
  canGoNext,
  canGoPrev,
  clampMonth,
  dateKey,
  formatHms,
  monthGrid,
  toDateKey,
  utcDateKey,
  utcMonthOf,
  type YearMonth,
} from './calendar';
import { CheckInChainSelector } from './CheckInChainSelector';
import { checkInBonusMessages, pickContract, runCheckIn, shortError, useCheckInDefaultChain, useCheckInModal, useCheckInSteps, type CheckInStepId } from './checkIn';
import { useNow } from './useUtcNow';
import { formatMonthYear } from '@/lib/format';
import { formatThousands } from '@/lib/number';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

function explorerOf(chains: readonly Chain[] | undefined, chainId: number): string | undefined {
  const c = chains?.find((x) => x.chain_id === chainId);
  return c?.block_explorers?.[0]?.url ?? (c?.explorer_url || undefined);
}

function chainName(chains: readonly Chain[] | undefined, chainId: number): string {
  const c = chains?.find((x) => x.chain_id === chainId);
  return c?.alias_name || c?.chain_name || String(chainId);
}

/** Seconds to the next UTC day, ticking every second. */
function Countdown() {
  const { t } = useTranslation();
  const now = useNow(1000);
  return (
    <p className="checkin__countdown">
      <span className="muted">{t('checkin.nextIn')}</span> <time data-testid="checkin-countdown">{formatHms(msUntilNextUtcDay(new Date(now)))}</time>
    </p>
  );
}

/** Daily check-in modal: calendar, chain selector, countdown to the next UTC day, check-in button and banner. */
export function CheckInModal() {
  const { t } = useTranslation();
  const { open, hide: hideModal, chainId } = useCheckInModal();
  const steps = useCheckInSteps((s) => s.steps);
  // A closed modal forgets the last run's steps (the calendar then says what happened).
  const hide = (): void => {
    hideModal();
    useCheckInSteps.getState().clear();
  };
  const address = useUserAddress();
  const showWallets = useWalletModal((s) => s.show);
  const queryClient = useQueryClient();
  const today = new Date();
  const [month, setMonth] = useState<YearMonth>(() => utcMonthOf(today));
  const shown = clampMonth(month, today);

  const chains = useQuery({ ...chainsQuery(), enabled: open });
  const contracts = useQuery({ ...checkInContractsQuery(), enabled: open });
  const info = useQuery({ ...checkInInfoQuery(address), enabled: open && address !== '' });
  const history = useQuery({ ...checkInMonthQuery(address, shown.year, shown.month), enabled: open && address !== '' });
  const deploymentChain = useCheckInDefaultChain();
  const contract = pickContract(contracts.data ?? [], chainId, deploymentChain);

  const days = useMemo(() => {
    const m = new Map<string, { points: number; txHash: string; chainId: number }>();
    for (const d of history.data?.historyList ?? []) {
      const k = toDateKey(d.blockDate);
      if (k) m.set(k, { points: d.points, txHash: d.txHash, chainId: d.chainId });
    }
    return m;
  }, [history.data]);

  const todayKey = utcDateKey(today);
  const boxes = weekBoxes(info.data, today);
  const checkedToday = boxes.find((b) => b.isToday)?.state === 'claimed' || (days.get(todayKey)?.txHash ?? '') !== '';
  const doubled = todayIsSpecial(info.data, today);

  const mutation = useMutation({
    mutationFn: () => {
      if (!contract) throw new Error(t('checkin.noContract'));
      return runCheckIn(address, contract, useCheckInSteps.getState().set);
    },
    onSuccess: (result) => {
      toast.success(t('checkin.success'));
      for (const key of checkInBonusMessages(result)) toast.info(t(key));
      void queryClient.invalidateQueries({ queryKey: ['points'] });
      void queryClient.invalidateQueries({ queryKey: ['checkin-info'] });
      void queryClient.invalidateQueries({ queryKey: ['checkin-month'] });
    },
    onError: (err) => toast.error(shortError(err)),
  });

  const onCheckIn = (): void => {
    if (!address) {
      showWallets();
      return;
    }
    mutation.mutate();
  };

  const stepLabel = (id: CheckInStepId): string =>
    id === 'checkIn' ? t('checkin.steps.checkIn', { network: chainName(chains.data, contract?.chainId ?? chainId ?? deploymentChain ?? 0) }) : t(`checkin.steps.${id}`);

  const monthLabel = formatMonthYear(shown.year, shown.month);

  return (
    <Modal open={open} title={t('checkin.title')} onClose={hide}>
      <div className="checkin">
        <div className="checkin__banner" role="note" data-testid="checkin-banner">
          <strong>{t('checkin.bannerTitle')}</strong>
          <span>{t('checkin.bannerText')}</span>
        </div>
        {doubled ? (
          <p className="checkin__bonus" data-testid="checkin-x2">
            {t('checkin.x2')}
          </p>
        ) : null}
        <div className="checkin__row">
          <CheckInChainSelector />
          <Countdown />
        </div>

        <div className="calendar" aria-label={t('checkin.calendar')}>
          <div className="calendar__head">
            <button type="button" className="icon-btn" aria-label={t('checkin.prevMonth')} disabled={!canGoPrev(shown)} onClick={() => setMonth(addMonths(shown, -1))}>
              ‹
            </button>
            <strong data-testid="calendar-month">{monthLabel}</strong>
            <button type="button" className="icon-btn" aria-label={t('checkin.nextMonth')} disabled={!canGoNext(shown, today)} onClick={() => setMonth(addMonths(shown, 1))}>
              ›
            </button>
          </div>
          <div className="calendar__grid" role="grid">
            <div className="calendar__week" role="row">
              {WEEKDAYS.map((d) => (
                <span key={d} role="columnheader" className="calendar__weekday muted small">
                  {t(`rewards.days.${d}`)}
                </span>
              ))}
            </div>
            {monthGrid(shown).map((week, wi) => (
              <div className="calendar__week" role="row" key={wi}>
                {week.map((day, di) => {
                  if (day === null) return <span key={di} role="gridcell" className="calendar__day calendar__day--empty" />;
                  const key = dateKey(shown.year, shown.month, day);
                  const entry = days.get(key);
                  const url = entry ? explorerTxUrl(explorerOf(chains.data, entry.chainId), entry.txHash) : '';
                  const cls = `calendar__day${entry?.txHash ? ' calendar__day--checked' : ''}${key === todayKey ? ' calendar__day--today' : ''}`;
                  const content = (
                    <>
                      <span className="calendar__num">{day}</span>
                      <span className="calendar__points small">{entry && entry.points > 0 ? t('checkin.dayPoints', { points: formatThousands(entry.points) }) : ''}</span>
                    </>
                  );
                  return url ? (
                    <a key={di} role="gridcell" className={cls} href={url} target="_blank" rel="noreferrer" data-testid={`checkin-day-${key}`} data-tx-hash={entry?.txHash || undefined} title={t('checkin.openTx')}>
                      {content}
                    </a>
                  ) : (
                    <span key={di} role="gridcell" className={cls} data-testid={`checkin-day-${key}`} data-tx-hash={entry?.txHash || undefined} title={entry?.txHash || undefined}>
                      {content}
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
        </div>

        {steps.length > 0 ? (
          <TxSteps
            steps={steps.map((s) => ({ ...s, label: stepLabel(s.id) }))}
            testId="checkin-steps"
            label={t('checkin.steps.title')}
          />
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--block"
          onClick={onCheckIn}
          disabled={!!address && (mutation.isPending || checkedToday || !contract)}
          data-testid="checkin-submit"
        >
          {!address ? t('wallet.connectWallet') : mutation.isPending ? t('checkin.pending') : checkedToday ? t('checkin.done') : t('checkin.button')}
        </button>
      </div>
    </Modal>
  );
}
