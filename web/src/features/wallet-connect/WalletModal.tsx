import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { chainsQuery } from '@/api/queries';
import { Modal } from '@/components/Modal';
import { useChannel } from '@/features/channel/useChannel';
import { LINKS } from '@/lib/config';
import { useEcosystemsStore } from '@/wallet/ecosystems/store';
import type { Ecosystem, NonEvmGroupId } from '@/wallet/ecosystems/types';
import { EVM_WALLETS } from '@/wallet/evmWallets';
import { connectWalletConnect, disconnectWallet } from '@/wallet/lazyRuntime';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';
import { useEcosystemBalance, type EcosystemBalance } from '@/wallet/ecosystems/balances';
import { useWalletBalance } from '@/wallet/useWalletBalance';
import { channelGroups, tabsOf, type WalletTab } from '@/wallet/walletGroups';
import { useWalletConnectPairing } from '@/wallet/walletConnectStore';
import { ConnectedWalletCard, type CardBalance } from './ConnectedWalletCard';
import { DeepLinkModal } from './DeepLinkModal';
import { EcosystemWalletList } from './EcosystemWalletList';
import { EvmWalletList } from './EvmWalletList';
import { useEcosystemOptions } from './useEcosystemOptions';
import { WalletQrModal } from './WalletQrModal';
import './wallet.css';
import { Tabs } from '@/components/Tabs';

function EvmCard() {
  const { t } = useTranslation();
  const address = useWalletStore((s) => s.address);
  const chainId = useWalletStore((s) => s.chainId);
  const walletName = useWalletStore((s) => s.walletName);
  const chain = useWalletRuntime((s) => s.chains.find((c) => c.id === chainId));
  const balance = useWalletBalance(address, chainId);
  const networkName = chain?.name ?? (chainId !== null ? t('wallet.unknownNetwork', { id: chainId }) : t('common.none'));
  return (
    <ConnectedWalletCard
      kind="evm"
      address={address}
      walletName={walletName}
      networkName={networkName}
      chainId={chainId}
      balance={balance}
      onDisconnect={() => void disconnectWallet()}
    />
  );
}

/** The card's one balance text from an ecosystem's lines ('99.9 SOL · 10000 USDC'). */
export function cardBalance(b: EcosystemBalance): CardBalance {
  const last = b.lines.at(-1);
  const value = b.lines.map((l, i) => (i === b.lines.length - 1 ? l.text : `${l.text} ${l.symbol}`)).join(' · ');
  return { isLoading: b.state === 'loading', isError: b.state === 'error', data: last ? { value, symbol: last.symbol } : undefined };
}

function EcosystemCard({ ecosystem }: { ecosystem: Ecosystem }) {
  const { t } = useTranslation();
  const account = useEcosystemsStore((s) => s.accounts[ecosystem]);
  const { data: chains } = useQuery(chainsQuery());
  const chain = chains?.find((c) => c.chain_id === account?.chainId);
  const balance = cardBalance(useEcosystemBalance(ecosystem));
  if (!account) return null;
  const networkName = account.network ? `${chain?.alias_name ?? ecosystem} (${account.network})` : (chain?.alias_name ?? t('wallet.unknownNetwork', { id: account.chainId }));
  return (
    <ConnectedWalletCard
      kind={ecosystem}
      address={account.address}
      walletName={account.walletName}
      networkName={networkName}
      chainId={account.chainId}
      balance={balance}
      onDisconnect={() => void import('@/wallet/ecosystems/registry').then(({ disconnectEcosystem }) => disconnectEcosystem(ecosystem))}
    />
  );
}

function Notice() {
  const { t } = useTranslation();
  const notice = useWalletStore((s) => s.notice);
  const setNotice = useWalletStore((s) => s.setNotice);
  const duration = notice?.durationMs;
  useEffect(() => {
    if (!duration) return undefined;
    const timer = setTimeout(() => setNotice(null), duration);
    return () => clearTimeout(timer);
  }, [notice, duration, setNotice]);
  if (!notice) return null;
  return (
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
        {notice.installUrl ? (
          <>
            {' '}
            <a href={notice.installUrl} target="_blank" rel="noreferrer" className="wallet-notice__link">
              {t('wallet.install')}
            </a>
          </>
        ) : null}
      </span>
      <button type="button" className="icon-btn" aria-label={t('wallet.dismiss')} onClick={() => setNotice(null)}>
        ×
      </button>
    </div>
  );
}

function TermsNotice() {
  const { t } = useTranslation();
  const hide = useWalletModal((s) => s.hide);
  return (
    <p className="modal__note">
      {t('wallet.tosBefore')}
      <Link to="/tos" onClick={hide}>
        {t('wallet.tosLink')}
      </Link>
      .
    </p>
  );
}

/**
 * "Connect Wallet" / "My Wallet": a card per connected wallet (an EVM one and
 * non-EVM ones at once), the tabs (main channel only) and the channel's groups, the ToS notice; the
 * WalletConnect QR modal and the exchange app's deep-link modal open over it.
 */
export function WalletModal() {
  const { t } = useTranslation();
  const open = useWalletModal((s) => s.open);
  const hide = useWalletModal((s) => s.hide);
  const sub = useWalletModal((s) => s.sub);
  const closeSub = useWalletModal((s) => s.closeSub);
  const evmAddress = useWalletStore((s) => s.address);
  const accounts = useEcosystemsStore((s) => s.accounts);
  const pairing = useWalletConnectPairing((s) => s.pairing);
  const { channel, isMain } = useChannel();
  const [tab, setTab] = useState<WalletTab>('evm');
  const groups = channelGroups(channel.wallet_groups);
  // The tabs show on the main channel only; a partner channel lists its groups at once.
  const tabs = isMain ? tabsOf(groups) : [];
  const shown = isMain ? groups.filter((g) => g.tab === tab) : groups;
  const needsAdapters = open && shown.some((g) => g.id !== 'evm');
  const options = useEcosystemOptions(needsAdapters);
  const projectId = channel.walletconnect_project_id ?? '';
  const connectedEcosystems = (Object.keys(accounts) as Ecosystem[]).filter((e) => !!accounts[e]?.address);
  const connected = evmAddress !== '' || connectedEcosystems.length > 0;

  // Opening WalletConnect's QR modal starts the pairing.
  const qrOpen = open && sub?.kind === 'qr';
  useEffect(() => {
    if (!qrOpen || !projectId) return;
    void connectWalletConnect(projectId).then((addr) => {
      if (addr) hide();
    });
  }, [qrOpen, projectId, hide]);

  if (!open) return null;
  if (sub?.kind === 'qr') return <WalletQrModal open walletName={sub.walletName} pairing={pairing} onClose={closeSub} />;
  if (sub?.kind === 'deepLink') return <DeepLinkModal entry={EVM_WALLETS.find((e) => e.id === sub.walletId)} onClose={closeSub} />;
  return (
    <Modal open onClose={hide} title={connected ? t('wallet.myWallet') : t('wallet.connectWallet')} footer={<TermsNotice />}>
      <Notice />
      {connected ? (
        <div className="wallet-cards" aria-label={t('wallet.connectedWallets')} role="group">
          {evmAddress ? <EvmCard /> : null}
          {connectedEcosystems.map((e) => (
            <EcosystemCard key={e} ecosystem={e} />
          ))}
        </div>
      ) : null}
      {tabs.length > 0 ? (
        <Tabs ids={tabs} current={tab} onSelect={setTab} labelOf={(id) => t(`wallet.tabs.${id}`)} label={t('wallet.walletListLabel')} />
      ) : null}
      {shown.map((g) => (
        <div key={g.id} className="wallet-group" data-testid={`wallet-group-${g.id}`}>
          <h3 className="wallet-group__title">{t(`wallet.groups.${g.id}`)}</h3>
          {g.id === 'evm' ? <EvmWalletList walletConnect={projectId !== ''} /> : <EcosystemWalletList group={g.id as NonEvmGroupId} state={options} />}
        </div>
      ))}
    </Modal>
  );
}
