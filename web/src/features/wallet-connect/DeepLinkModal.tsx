import { useTranslation } from 'react-i18next';
import { serverAssetUrl } from '@/api/client';
import { Modal } from '@/components/Modal';
import type { EvmWalletEntry } from '@/wallet/evmWallets';

/** The exchange wallet app's mobile modal: 'Connect' opens this page in the app; an install link. */
export function DeepLinkModal({ entry, onClose }: { entry: EvmWalletEntry | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  if (!entry?.deepLink) return null;
  const href = entry.deepLink(window.location.href);
  return (
    <Modal open onClose={onClose} title={t('wallet.deepLinkTitle', { wallet: entry.name })}>
      <div className="wallet-qr">
        <img src={serverAssetUrl(entry.icon)} alt="" width={56} height={56} />
        <p>{t('wallet.deepLinkText', { wallet: entry.name })}</p>
        <a className="btn btn--primary" href={href} data-testid="deep-link-connect">
          {t('wallet.deepLinkConnect')}
        </a>
        {entry.installUrl ? (
          <a href={entry.installUrl} target="_blank" rel="noreferrer">
            {t('wallet.installLink', { name: entry.name })}
          </a>
        ) : null}
      </div>
    </Modal>
  );
}
