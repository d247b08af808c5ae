import { useTranslation } from 'react-i18next';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { shortenAddress } from '@/lib/string';
import { bridgeWallets } from '@/wallet/bridgeWallets';
import { useEcosystemsStore } from '@/wallet/ecosystems/store';
import type { Ecosystem } from '@/wallet/ecosystems/types';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletStore } from '@/wallet/store';
import { ConnectWalletButton } from './ConnectWalletButton';
import { WalletAppPromo } from './WalletAppPromo';
import './wallet.css';

const ECOSYSTEM_LABEL: Record<Ecosystem, string> = {
  solana: 'Solana',
  eclipse: 'Eclipse',
  starknet: 'StarkNet',
  fuel: 'Fuel',
  benfen: 'BenFen',
  bitcoin: 'Bitcoin',
};

/**
 * The header's wallets: a chip per connected wallet (the EVM one and each
 * non-EVM one) or 'Connect Wallet'; `data-wallet-status` is the header status of the bridge's source
 * and destination wallets (0, 1 or 2).
 */
export function HeaderWallets() {
  const { t } = useTranslation();
  const show = useWalletModal((s) => s.show);
  const evmAddress = useWalletStore((s) => s.address);
  const accounts = useEcosystemsStore((s) => s.accounts);
  const fromChainId = useBridgeForm((s) => s.fromChainId);
  const toChainId = useBridgeForm((s) => s.toChainId);
  const toExchange = useBridgeForm((s) => s.exchange !== null);
  const { status } = bridgeWallets(fromChainId, toChainId, toExchange, evmAddress, accounts);
  const others = (Object.entries(accounts) as [Ecosystem, { address: string; walletName: string }][]).filter(([, a]) => !!a?.address);
  return (
    <div className="header-wallets" data-testid="header-wallets" data-wallet-status={status}>
      {evmAddress || others.length === 0 ? <ConnectWalletButton /> : null}
      <WalletAppPromo />
      {others.map(([eco, a]) => (
        <button
          key={eco}
          type="button"
          className="btn btn--primary header-wallets__chip"
          data-testid={`wallet-chip-${eco}`}
          onClick={show}
          title={`${a.walletName} · ${a.address}`}
          aria-label={t('wallet.ecosystemChip', { ecosystem: ECOSYSTEM_LABEL[eco], address: shortenAddress(a.address) })}
        >
          {shortenAddress(a.address)}
        </button>
      ))}
    </div>
  );
}
