import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { activityQueryKey, getActivity, type AddressActivity, type IndexedChain } from '@/api/tracker';
import { Card } from '@/components/Card';
import { LoadState } from '@/components/LoadState';
import { useWalletStore } from '@/wallet/store';
import { ActivityTable } from './ActivityTable';
import { activeDaysOf, laggingChains } from './activity';
import { ADDRESS_ERROR_KEYS, addressesFromSearch, shareLink, validateAddresses, type AddressInputError } from './addresses';
import { Heatmap } from './Heatmap';
import { useTrackerForm } from './trackerStore';
import { useCopy } from './useCopy';
import './tracker.css';
import { FormError } from '@/components/FormError';
import { CardForm } from '@/components/CardForm';
import { TextField } from '@/components/TextField';

/** The addresses the page shows: those of the link, else the connected wallet's. */
function useShownAddresses(): string[] {
  const [params] = useSearchParams();
  const wallet = useWalletStore((s) => s.address);
  return useMemo(() => {
    const fromLink = addressesFromSearch(`?${params.toString()}`);
    return fromLink.length > 0 ? fromLink : wallet ? [wallet] : [];
  }, [params, wallet]);
}

/** /tracker: up to five addresses, per network their activity, an active-day heatmap, a share link. */
export function TrackerPanel() {
  const addresses = useShownAddresses();
  const activity = useQuery({
    queryKey: activityQueryKey(addresses),
    queryFn: ({ signal }) => getActivity(addresses, signal),
    enabled: addresses.length > 0,
    staleTime: 30_000,
  });
  return (
    <>
      <AddressForm shown={addresses} />
      <LoadState query={activity} />
      {activity.data ? <LagNotice chains={activity.data.chains} /> : null}
      {activity.data?.addresses.map((a) => <AddressActivityCard key={a.address} activity={a} />)}
    </>
  );
}

/** Copies a link to this page with the shown addresses; says whether it worked. */
function ShareLinkButton({ shown }: { shown: string[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [copyState, copy] = useCopy();
  return (
    <button type="button" className="btn btn--soft" disabled={shown.length === 0} onClick={() => void copy(shareLink(window.location.origin, pathname, shown))}>
      {copyState === 'copied' ? t('trackerPages.copied') : copyState === 'failed' ? t('trackerPages.copyFailed') : t('trackerPages.share')}
    </button>
  );
}

function AddressForm({ shown }: { shown: string[] }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const input = useTrackerForm((s) => s.input);
  const setInput = useTrackerForm((s) => s.setInput);
  const [error, setError] = useState<AddressInputError | null>(null);
  // The form starts from what is shown (a shared link, or the wallet).
  useEffect(() => {
    if (useTrackerForm.getState().input === '' && shown.length > 0) setInput(shown.join('\n'));
  }, [shown, setInput]);

  const submit = () => {
    const v = validateAddresses(input);
    if (!v.ok) {
      setError(v.error);
      return;
    }
    setError(null);
    setParams({ addresses: v.addresses.join(',') }, { replace: true });
  };
  return (
    <CardForm className="tracker-form" onSubmit={submit}>
      <TextField label={t('trackerPages.inputLabel')} rows={3} placeholder={t('trackerPages.inputPlaceholder')} value={input} onChange={setInput} />
      <FormError>{error ? t(ADDRESS_ERROR_KEYS[error]) : null}</FormError>
      <div className="button-row">
        <button type="submit" className="btn btn--primary">
          {t('tracker.check')}
        </button>
        <ShareLinkButton shown={shown} />
      </div>
    </CardForm>
  );
}

function LagNotice({ chains }: { chains: IndexedChain[] }) {
  const { t } = useTranslation();
  const behind = laggingChains(chains);
  if (behind.length === 0) return null;
  return (
    <p className="tracker-lag" role="status" data-testid="tracker-lag">
      {behind.map((c) => t('trackerPages.lag', { chain: c.chain_name, blocks: c.lag_blocks })).join(' · ')}
    </p>
  );
}

function AddressActivityCard({ activity }: { activity: AddressActivity }) {
  const { t } = useTranslation();
  const days = useMemo(() => activeDaysOf(activity.chains), [activity.chains]);
  return (
    <Card className="table-card tracker-address">
      <h2 className="card__title">
        <code>{activity.address}</code>
      </h2>
      <ActivityTable rows={activity.chains} />
      <h3 className="tracker-heading">{t('trackerPages.heatmapTitle', { count: days.size })}</h3>
      <Heatmap days={days} />
    </Card>
  );
}
