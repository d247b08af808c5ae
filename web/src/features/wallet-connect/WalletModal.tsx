import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { useChannel } from '@/features/channel/useChannel';
import { LINKS } from '@/lib/config';
import { shortenAddress, SHORTEN_WALLET_CARD } from '@/lib/string';
import { useWalletModal } from '@/wallet/modalStore';
import { connectWallet, disconnectWallet } from '@/wallet/lazyRuntime';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';
import { useWalletBalance } from '@/wallet/useWalletBalance';
import { WALLET_GROUPS, WALLET_TABS, type WalletTab } from '@/wallet/walletGroups';
import './wallet.css';

type CopyState = 'idle' | 'ok' | 'failed';

/** Copies text to the clipboard; false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function ConnectedCard() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const chainId = useWalletStore((s) => s.chainId);
  const walletName = useWalletStore((s) => s.walletName);
  const chains = useWalletRuntime((s) => s.chains);
  const [copy, setCopy] = useState<CopyState>('idle');
  const balance = useWalletBalance(address, chainId);
  const chain = chains.find((c) => c.id === chainId);
  const networkName = chain?.name ?? (chainId !== null ? t('wallet.unknownNetwork', { id: chainId }) : t('common.none'));
  return (
    <div className="wallet-card wallet-card--connected" data-testid="wallet-card">
      <div className="wallet-card__row">
        <code data-testid="wallet-card-address" title={address}>
          {shortenAddress(address, SHORTEN_WALLET_CARD.head, SHORTEN_WALLET_CARD.tail)}
        </code>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void copyText(address).then((ok) => setCopy(ok ? 'ok' : 'failed'))}
        >
          {t('wallet.copyAddress')}
        </button>
      </div>
      {copy !== 'idle' ? (
        <p role="status" className={copy === 'ok' ? 'wallet-card__ok' : 'form-error'}>
          {copy === 'ok' ? t('wallet.copySucceeded') : t('wallet.copyFailed')}
        </p>
      ) : null}
      <dl className="wallet-card__facts">
        <div>
          <dt>{t('wallet.network')}</dt>
          <dd data-testid="wallet-card-network" data-chain-id={chainId ?? ''}>
            {networkName}
          </dd>
        </div>
        <div>
          <dt>{t('wallet.balance')}</dt>
          <dd data-testid="wallet-card-balance">
            {balance.isLoading ? <Spinner label={t('bridge.balanceLoading')} /> : null}
            {balance.isError ? <span title={t('bridge.balanceError')}>{t('common.none')}</span> : null}
            {balance.data ? `${balance.data.value} ${balance.data.symbol}` : null}
            {!balance.isLoading && !balance.isError && !balance.data ? t('common.none') : null}
          </dd>
        </div>
      </dl>
      <div className="wallet-card__row">
        <span className="muted small">{walletName}</span>
        <button type="button" className="btn btn--ghost" onClick={() => void disconnectWallet()}>
          {t('wallet.disconnect')}
        </button>
      </div>
    </div>
  );
}

function EvmWalletList() {
  const { t } = useTranslation();
  const wallets = useWalletRuntime((s) => s.wallets);
  const status = useWalletStore((s) => s.status);
  const walletId = useWalletStore((s) => s.walletId);
  const hide = useWalletModal((s) => s.hide);
  if (wallets.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('wallet.empty')}</p>
        <p className="muted small">{t('wallet.emptyHint')}</p>
      </div>
    );
  }
  return (
    <ul className="wallet-list" aria-label={t('wallet.walletListLabel')}>
      {wallets.map((w) => (
        <li key={w.id}>
          <button
            type="button"
            className="wallet-list__item"
            aria-label={t('wallet.connectTo', { name: w.name })}
            disabled={status === 'connecting'}
            onClick={() =>
              void connectWallet(w.id).then((addr) => {
                if (addr) hide();
              })
            }
          >
            {w.icon ? <img src={w.icon} alt="" width={28} height={28} className="wallet-list__icon" /> : <span className="network-dot">{w.name.slice(0, 1)}</span>}
            <span>{w.name}</span>
            {status === 'connecting' && walletId === w.id ? <Spinner label={t('wallet.connecting')} /> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** "Connect Wallet" / "My Wallet" modal: EIP-6963 wallets in the EVM group, the connected wallet card. */
export function WalletModal() {
  const { t } = useTranslation();
  const open = useWalletModal((s) => s.open);
  const hide = useWalletModal((s) => s.hide);
  const address = useWalletStore((s) => s.address);
  const notice = useWalletStore((s) => s.notice);
  const setNotice = useWalletStore((s) => s.setNotice);
  const { isMain } = useChannel();
  const [tab, setTab] = useState<WalletTab>('evm');
  const connected = address !== '';
  const groups = WALLET_GROUPS.filter((g) => !isMain || g.tab === tab);

  return (
    <Modal open={open} onClose={hide} title={connected ? t('wallet.myWallet') : t('wallet.connectWallet')} footer={<p className="modal__note">{t('wallet.tos')}</p>}>
      {notice ? (
        <div role="alert" className={`wallet-notice wallet-notice--${notice.level}`}>
          <span>
            {notice.message}
            {notice.tutorial ? (
              <>
                {' '}
                <a href={LINKS.walletTutorial} target="_blank" rel="noreferrer" className="wallet-notice__link">
                  {t('wallet.tutorial')}
                </a>
              </>
            ) : null}
          </span>
          <button type="button" className="icon-btn" aria-label={t('wallet.dismiss')} onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      ) : null}
      {connected ? <ConnectedCard /> : null}
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
          {g.id === 'evm' ? (
            <EvmWalletList />
          ) : (
            <div className="empty-state">
              <p>{t('wallet.empty')}</p>
              <p className="muted small">{t('wallet.emptyHint')}</p>
            </div>
          )}
        </div>
      ))}
    </Modal>
  );
}
