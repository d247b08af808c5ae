import { useTranslation } from 'react-i18next';
import { shortenAddress } from '@/lib/string';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletStore } from '@/wallet/store';

/** 'Connect Wallet' when disconnected, the shortened address chip when connected. */
export function ConnectWalletButton({ className = 'btn btn--primary' }: { className?: string }) {
  const { t } = useTranslation();
  const show = useWalletModal((s) => s.show);
  const address = useWalletStore((s) => s.address);
  const status = useWalletStore((s) => s.status);
  let label = t('wallet.connectWallet');
  if (status === 'connecting') label = t('wallet.connecting');
  else if (address) label = shortenAddress(address);
  return (
    <button type="button" className={className} onClick={show} data-testid="connect-wallet">
      {label}
    </button>
  );
}
