import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { serverAssetUrl } from '@/api/client';
import { Spinner } from '@/components/Spinner';
import { connectorNotFoundNotice, notInstalledNotice } from '@/wallet/errors';
import { evmWalletRows, readWalletEnvironment, type WalletRow } from '@/wallet/evmWallets';
import { connectWallet } from '@/wallet/lazyRuntime';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';

/** What a click on a row does: connect a detected wallet, tell how to install a missing one, say 'connector not found' when extensions conflict, or open the QR code or the app's deep link. */
export async function activateRow(row: WalletRow): Promise<boolean> {
  const store = useWalletStore.getState();
  const modal = useWalletModal.getState();
  switch (row.state.kind) {
    case 'detected':
      return (await connectWallet(row.state.connectorId, { name: row.name })) !== '';
    case 'missing':
      if (row.state.connectorId) return (await connectWallet(row.state.connectorId, { name: row.name, ...(row.installUrl ? { installUrl: row.installUrl } : {}) })) !== '';
      store.setNotice(notInstalledNotice(row.name, row.installUrl));
      return false;
    case 'conflict':
      store.disconnect();
      store.setNotice(connectorNotFoundNotice(row.name));
      return false;
    case 'deepLink':
      modal.openSub({ kind: 'deepLink', walletId: row.id });
      return false;
    case 'qr':
      store.setNotice(null);
      modal.openSub({ kind: 'qr', walletName: row.name });
      return false;
  }
}

/** The EVM group: the 15 named wallets (detected first, by EIP-6963 rdns) and other announced ones. */
export function EvmWalletList({ walletConnect }: { walletConnect: boolean }) {
  const { t } = useTranslation();
  const wallets = useWalletRuntime((s) => s.wallets);
  const status = useWalletStore((s) => s.status);
  const walletId = useWalletStore((s) => s.walletId);
  const hide = useWalletModal((s) => s.hide);
  const rows = useMemo(() => evmWalletRows(wallets, readWalletEnvironment(walletConnect)), [wallets, walletConnect]);
  return (
    <ul className="wallet-list" aria-label={t('wallet.walletListLabel')}>
      {rows.map((row) => {
        const detected = row.state.kind === 'detected';
        const connecting = status === 'connecting' && row.state.kind === 'detected' && walletId === row.state.connectorId;
        return (
          <li key={row.id} className="wallet-list__row" data-testid={`evm-wallet-${row.id}`} data-state={row.state.kind}>
            <button
              type="button"
              className="wallet-list__item"
              aria-label={t('wallet.connectTo', { name: row.name })}
              disabled={status === 'connecting'}
              onClick={() =>
                void activateRow(row).then((ok) => {
                  if (ok) hide();
                })
              }
            >
              <img src={serverAssetUrl(row.icon)} alt="" width={28} height={28} className="wallet-list__icon" />
              <span className="wallet-list__name">{row.name}</span>
              {detected ? <span className="wallet-list__tag">{t('wallet.detected')}</span> : null}
              {connecting ? <Spinner label={t('wallet.connecting')} /> : null}
            </button>
            {!detected && row.installUrl && row.state.kind !== 'qr' ? (
              <a className="wallet-list__install" href={row.installUrl} target="_blank" rel="noreferrer" aria-label={t('wallet.installWallet', { name: row.name })}>
                {t('wallet.install')}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
