import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { postCampaignTask } from '@/api/rewards';
import type { Campaign } from '@/api/rewardsTypes';
import { Modal } from '@/components/Modal';
import { withSession } from '@/features/auth/session';
import { shortError } from '@/features/checkin/checkIn';
import { toast } from '@/features/toast/store';
import { useUserAddress } from '@/wallet/store';

/** Sharing from this prompt awards this many points. */
export const SHARE_POINTS = 50;

/** After a campaign is done with no extra points: Bridge Again or Share (+50). */
export function ShareModal({ campaign, onClose }: { campaign: Campaign | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const address = useUserAddress();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (!campaign) return null;

  const share = async (): Promise<void> => {
    setBusy(true);
    const text = t('share.tweet', { name: campaign.name });
    window.open(`https://x.com/intent/post?text=${encodeURIComponent(text)}`, '_blank', 'noopener,noreferrer');
    try {
      await withSession(address, () => postCampaignTask(address, campaign.id, { kind: 'share' }));
      toast.success(t('share.done', { points: SHARE_POINTS }));
      void queryClient.invalidateQueries({ queryKey: ['points'] });
      onClose();
    } catch (err) {
      toast.error(shortError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('share.title')}
      onClose={onClose}
      footer={
        <div className="share__actions">
          <button
            type="button"
            className="btn btn--soft"
            onClick={() => {
              onClose();
              void navigate('/');
            }}
          >
            {t('share.bridgeAgain')}
          </button>
          <button type="button" className="btn btn--primary" onClick={() => void share()} disabled={busy}>
            {t('share.share')}
          </button>
        </div>
      }
    >
      <p data-testid="share-text">{t('share.text', { name: campaign.name, points: SHARE_POINTS })}</p>
    </Modal>
  );
}
