import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { pointsQuery } from '@/api/queries';
import { referInfoQuery, refereesQuery } from '@/api/rewardsQueries';
import { Card } from '@/components/Card';
import { Spinner } from '@/components/Spinner';
import { toast } from '@/features/toast/store';
import { copyText } from '@/lib/clipboard';
import { formatPercent } from '@/lib/format';
import { formatThousands } from '@/lib/number';
import { shortenAddress } from '@/lib/string';
import { useWalletModal } from '@/wallet/modalStore';
import { useUserAddress } from '@/wallet/store';
import { inviteLink, REFERRAL_PERCENT, shareInvite } from './invite';
import './rewards.css';
import { FactList } from '@/components/FactList';

function InviteLinkCard({ address }: { address: string }) {
  const { t } = useTranslation();
  const showWallets = useWalletModal((s) => s.show);
  const link = inviteLink(window.location.origin, address);
  if (!address) {
    return (
      <Card title={t('invite.linkTitle')}>
        <p className="muted">{t('invite.connectFirst')}</p>
        <button type="button" className="btn btn--primary btn--block" onClick={showWallets} data-testid="invite-connect">
          {t('wallet.connectWallet')}
        </button>
      </Card>
    );
  }
  const onCopy = async (): Promise<void> => {
    if (await copyText(link)) toast.success(t('wallet.copySucceeded'));
    else toast.error(t('wallet.copyFailed'));
  };
  return (
    <Card title={t('invite.linkTitle')}>
      <p className="muted small">{t('referral.share', { percent: formatPercent(REFERRAL_PERCENT) })}</p>
      <label className="invite__link">
        <span className="muted small">{t('referral.link')}</span>
        <input className="input" readOnly value={link} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
      </label>
      <div className="invite__actions">
        <button type="button" className="btn btn--primary" onClick={() => void onCopy()} data-testid="invite-copy">
          {t('invite.copy')}
        </button>
        <button type="button" className="btn btn--soft" onClick={() => void shareInvite(t('invite.shareText'), link)} data-testid="invite-share">
          {t('invite.share')}
        </button>
      </div>
    </Card>
  );
}

function RefereeList({ address }: { address: string }) {
  const { t } = useTranslation();
  const referees = useQuery(refereesQuery(address));
  if (referees.isPending) return <Spinner label={t('invite.loading')} />;
  if (referees.isError) return <p className="form-error">{t('invite.listError')}</p>;
  if (referees.data === null) return <p className="muted small" data-testid="referees-unavailable">{t('invite.listUnavailable')}</p>;
  if (referees.data.length === 0) return <p className="muted small" data-testid="referees-empty">{t('invite.noReferees')}</p>;
  return (
    <ul className="row-list" data-testid="referee-list">
      {referees.data.map((r) => (
        <li key={r.address} className="invite__referee" data-testid="referee">
          <code title={r.address}>{shortenAddress(r.address)}</code>
          <span className="muted small">{t('invite.refereeBridges', { count: r.bridges })}</span>
          <strong className="invite__points">{t('invite.refereePoints', { points: formatThousands(r.points) })}</strong>
        </li>
      ))}
    </ul>
  );
}

/** /invitepage: the wallet's invite link (copy, share), its referees, and the points they brought in. */
export function InvitePanel() {
  const { t } = useTranslation();
  const address = useUserAddress();
  const info = useQuery(referInfoQuery(address));
  const points = useQuery(pointsQuery(address));
  const referralPoints = points.data ? points.data.refer_points + points.data.refer_points_v1 : undefined;
  return (
    <>
      <InviteLinkCard address={address} />
      {address ? (
        <Card title={t('invite.refereesTitle')}>
          <FactList
            className="points-panel__grid"
            facts={[
              { label: t('referral.referees'), value: info.data?.total_referees ?? t('common.none'), testId: 'invite-referees' },
              { label: t('referral.refereeBridges'), value: info.data?.referee_bridges ?? t('common.none'), testId: 'invite-referee-bridges' },
              { label: t('rewards.referralPoints'), value: referralPoints === undefined ? t('common.none') : formatThousands(referralPoints), testId: 'invite-points' },
            ]}
          />
          <RefereeList address={address} />
        </Card>
      ) : null}
    </>
  );
}
