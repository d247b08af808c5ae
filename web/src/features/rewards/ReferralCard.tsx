import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { postReferrer } from '@/api/rewards';
import { referInfoQuery } from '@/api/rewardsQueries';
import { Card } from '@/components/Card';
import { withSession } from '@/features/auth/session';
import { shortError } from '@/features/checkin/checkIn';
import { toast } from '@/features/toast/store';
import { shortenAddress } from '@/lib/string';
import { useUserAddress } from '@/wallet/store';
import { formatPercent } from '@/lib/format';
import { inviteLink, REFERRAL_PERCENT } from './invite';
import { FactList } from '@/components/FactList';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The referrer from an invite link (?ref=0x…), kept until a wallet binds it. */
const useInvite = create<{ referrer: string; set: (r: string) => void }>()(
  persist((set) => ({ referrer: '', set: (referrer) => set({ referrer }) }), {
    name: 'perch-invite',
    version: 1,
    storage: createJSONStorage(() => localStorage),
  }),
);

/** A referrer can be bound when it is an address, not the user, and none is bound yet. */
export function canBindReferrer(user: string, referrer: string, bound: string | null | undefined): boolean {
  return !!user && ADDRESS.test(referrer) && referrer.toLowerCase() !== user.toLowerCase() && !bound;
}

/** Referral: invite link, referees and their bridges, and binding the referrer of an invite link. */
export function ReferralCard() {
  const { t } = useTranslation();
  const address = useUserAddress();
  const [params] = useSearchParams();
  const invite = useInvite();
  const queryClient = useQueryClient();
  const info = useQuery(referInfoQuery(address));

  useEffect(() => {
    const ref = params.get('ref') ?? '';
    if (ADDRESS.test(ref) && ref !== invite.referrer) invite.set(ref);
  }, [params, invite]);

  const bind = useMutation({
    mutationFn: () => withSession(address, () => postReferrer(address, invite.referrer)),
    onSuccess: () => {
      toast.success(t('referral.bound'));
      invite.set('');
      void queryClient.invalidateQueries({ queryKey: ['refer-info'] });
    },
    onError: (err) => toast.error(shortError(err)),
  });

  const link = inviteLink(window.location.origin, address);
  return (
    <Card title={t('referral.title')}>
      <FactList
        className="points-panel__grid"
        facts={[
          { label: t('referral.referees'), value: info.data?.total_referees ?? t('common.none'), testId: 'referees' },
          { label: t('referral.refereeBridges'), value: info.data?.referee_bridges ?? t('common.none') },
        ]}
      />
      <p className="muted small">{t('referral.share', { percent: formatPercent(REFERRAL_PERCENT) })}</p>
      {link ? (
        <p className="small">
          {t('referral.link')} <code className="referral-link">{link}</code>
        </p>
      ) : null}
      {info.data?.referrer ? <p className="small">{t('referral.boundTo', { address: shortenAddress(info.data.referrer) })}</p> : null}
      {canBindReferrer(address, invite.referrer, info.data?.referrer) ? (
        <button type="button" className="btn btn--soft" onClick={() => bind.mutate()} disabled={bind.isPending}>
          {t('referral.bind', { address: shortenAddress(invite.referrer) })}
        </button>
      ) : null}
    </Card>
  );
}
