import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverAssetUrl } from '@/api/client';
import { chainsQuery } from '@/api/queries';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletReconnecting } from '@/wallet/reconnect';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';
import { addressLabel, useAddressName } from './useAddressName';
import './wallet.css';

/**
 * 'Connect Wallet' when disconnected, the address's name (cut to 8) or the shortened address chip (6/4)
 * when connected, and a neutral
 * 'Reconnecting…' while a returning visitor's remembered wallet comes back (never the logged-out label).
 */
export function ConnectWalletButton({ className = 'btn btn--primary' }: { className?: string }) {
  const { t } = useTranslation();
  const show = useWalletModal((s) => s.show);
  const address = useWalletStore((s) => s.address);
  const status = useWalletStore((s) => s.status);
  const reconnecting = useWalletReconnecting();
  const chainId = useWalletStore((s) => s.chainId);
  const chainName = useWalletRuntime((s) => s.chains.find((c) => c.id === chainId)?.name);
  const { data: chains } = useQuery({ ...chainsQuery(), enabled: address !== '' });
  const icon = address ? chains?.find((c) => c.chain_id === chainId)?.icon : undefined;
  const name = useAddressName(address);
  let label = t('wallet.connectWallet');
  if (address) label = addressLabel(address, name);
  else if (reconnecting) label = t('wallet.reconnecting');
  else if (status === 'connecting') label = t('wallet.connecting');
  return (
    <button
      type="button"
      className={className}
      onClick={show}
      data-testid="connect-wallet"
      data-chain-id={address && chainId !== null ? chainId : undefined}
      aria-busy={!address && reconnecting ? true : undefined}
      title={address ? [name, address, chainName].filter(Boolean).join(' · ') : undefined}
    >
      {icon ? <img className="network-icon network-icon--chip" src={serverAssetUrl(icon)} alt="" width={18} height={18} /> : null}
      {label}
    </button>
  );
}
