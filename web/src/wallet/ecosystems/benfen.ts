import { letterIcon } from './icons';
import { StandardWalletAdapter } from './walletStandard';
import { useEcosystemsStore } from './store';

/**
 * BenFen (a Sui-family chain) through the wallet's injected Wallet Standard object; its balance is
 * read by JSON-RPC from a chain node (`bfcx_getBalance`).
 */
export const BENFEN_CHAIN_ID = 66706701;
export const BFC_COIN_TYPE = '0x2::bfc::BFC';
export const BFC_DECIMALS = 9;

let benfen: StandardWalletAdapter | null = null;

export function benfenAdapter(): StandardWalletAdapter {
  benfen ??= new StandardWalletAdapter(
    {
      id: 'benfen',
      name: 'BenFen Wallet',
      matches: (n) => /benfen/i.test(n),
      ecosystem: 'benfen',
      group: 'benfen',
      chainId: BENFEN_CHAIN_ID,
      chain: 'bfc:mainnet',
      installUrl: 'https://www.benfen.org/',
      missingMessage: 'Error: Please install BenFen Wallet first.',
      fallbackIcon: letterIcon('B', '#1f6bff'),
    },
    (address) => {
      if (address) useEcosystemsStore.getState().updateAccount('benfen', { address });
      else useEcosystemsStore.getState().disconnect('benfen');
    },
  );
  return benfen;
}
