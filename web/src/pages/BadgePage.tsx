import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { badgeQueryKey, getBadge, type BadgeSlug } from '@/api/badges';
import { chainsQuery } from '@/api/queries';
import { Card } from '@/components/Card';
import { Page } from '@/components/Page';
import { useClaimBadge } from '@/features/badges/useClaimBadge';
import { useCheckInModal } from '@/features/checkin/checkIn';
import { useWalletStore } from '@/wallet/store';
import { FormError } from '@/components/FormError';
import { ClaimButton } from '@/components/ClaimButton';
import { BridgeToLink } from '@/features/network-list/BridgeToLink';
import { networkRefOf } from '@/features/network-list/bridgeOffer';
import { DeployToLink } from '@/features/deploy/DeployToLink';

/** /soneium-badge, /drop/bob-spice and /scrollbadge: the badge's tasks, the wallet's progress, the claim. */
export default function BadgePage({ slug }: { slug: BadgeSlug }) {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const showCheckIn = useCheckInModal((s) => s.show);
  const chains = useQuery(chainsQuery());
  const nameOf = (id: number): string => networkRefOf(chains.data, id).name;
  const status = useQuery({
    queryKey: badgeQueryKey(slug, address),
    queryFn: ({ signal }) => getBadge(slug, address, signal),
    enabled: Boolean(address),
    refetchInterval: 5_000,
  });
  const { claim, phase, error } = useClaimBadge(slug);
  const s = status.data;
  const state = !address
    ? 'connect'
    : !s
      ? 'loading'
      : s.claimed
        ? 'claimed'
        : !s.claimable
          ? 'unavailable'
          : !s.all_done
            ? 'tasks'
            : phase !== 'idle'
              ? phase
              : 'claim';
  return (
    <Page title={t(`badges.${slug}.title`)} subtitle={t(`badges.${slug}.subtitle`)} layout="narrow">
      <Card title={t('badges.tasks')}>
        {!address ? <p className="muted">{t('badges.connectFirst')}</p> : null}
        {status.isError ? <p className="form-error">{t('badges.error')}</p> : null}
        {s ? (
          <ol className="row-list" data-testid="badge-tasks">
            {s.tasks.map((task) => (
              <li key={`${task.kind}:${task.chain_id}`} data-testid={`badge-task-${task.kind}`} data-done={task.done}>
                <span>{t(`badges.task.${task.kind}`, { network: nameOf(task.chain_id) })}</span>
                <span className={task.done ? 'tag tag--good' : 'tag tag--muted'}>{task.done ? t('badges.done') : t('badges.todo')}</span>
                {!task.done && task.kind === 'bridge_to' ? (
                  <BridgeToLink {...networkRefOf(chains.data, task.chain_id)}>
                    {t('badges.go.bridge')}
                  </BridgeToLink>
                ) : null}
                {!task.done && task.kind === 'deploy' ? (
                  <DeployToLink chainId={task.chain_id} name={nameOf(task.chain_id)} chains={chains.data}>
                    {t('badges.go.deploy')}
                  </DeployToLink>
                ) : null}
                {!task.done && task.kind === 'check_in' ? (
                  <button type="button" className="btn btn--ghost btn--sm" onClick={() => showCheckIn()}>
                    {t('badges.go.checkIn')}
                  </button>
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
        <ClaimButton state={state} testId="badge-claim" label={t(`badges.button.${state}`)} onClaim={() => void claim()} />
        <FormError>{error}</FormError>
      </Card>
    </Page>
  );
}
