import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { useChannel } from '@/features/channel/useChannel';
import { shortenAddress } from '@/lib/string';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletStore } from '@/wallet/store';
import { WALLET_GROUPS, WALLET_TABS, type WalletTab } from '@/wallet/walletGroups';

/** "Connect Wallet" / "My Wallet" modal. Connectors arrive with the wallet issue: groups show an empty state. */
export function WalletModal() {
  const { t } = useTranslation();
  const open = useWalletModal((s) => s.open);
  const hide = useWalletModal((s) => s.hide);
  const address = useWalletStore((s) => s.address);
  const disconnect = useWalletStore((s) => s.disconnect);
  const { isMain } = useChannel();
  const [tab, setTab] = useState<WalletTab>('evm');
  const connected = address !== '';
  const groups = WALLET_GROUPS.filter((g) => !isMain || g.tab === tab);

  return (
    <Modal open={open} onClose={hide} title={connected ? t('wallet.myWallet') : t('wallet.connectWallet')} footer={<p className="modal__note">{t('wallet.tos')}</p>}>
      {connected ? (
        <div className="wallet-card">
          <code>{shortenAddress(address, 9, 11)}</code>
          <button type="button" className="btn btn--ghost" onClick={disconnect}>
            {t('wallet.disconnect')}
          </button>
        </div>
      ) : null}
      {isMain ? (
        <div className="tabs" role="tablist">
          {WALLET_TABS.map((id) => (
            <button key={id} type="button" role="tab" aria-selected={tab === id} className={`tab${tab === id ? ' tab--active' : ''}`} onClick={() => setTab(id)}>
              {t(`wallet.tabs.${id}`)}
            </button>
          ))}
        </div>
      ) : null}
      {groups.map((g) => (
        <div key={g.id} className="wallet-group">
          <h3 className="wallet-group__title">{t(g.titleKey)}</h3>
          <div className="empty-state">
            <p>{t('wallet.empty')}</p>
            <p className="muted small">{t('wallet.emptyHint')}</p>
          </div>
        </div>
      ))}
    </Modal>
  );
}
