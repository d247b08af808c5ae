import { base58Encode } from '@/lib/base58';
import { letterIcon } from './icons';
import { solanaCluster } from './solanaCluster';
import { useEcosystemsStore } from './store';
import { StandardWalletAdapter, type StandardWalletSpec } from './walletStandard';

/** Solana (Phantom) and Solana/Eclipse/Soon (Backpack) through Wallet Standard. */
export const SOLANA_CHAIN_ID = 83797601;
export const ECLIPSE_CHAIN_ID = 69677601;

let phantom: StandardWalletAdapter | null = null;
let backpack: StandardWalletAdapter | null = null;

const follow = (eco: 'solana' | 'eclipse') => (address: string | null) => {
  const store = useEcosystemsStore.getState();
  if (address) store.updateAccount(eco, { address });
  else store.disconnect(eco);
};

/**
 * A Solana-standard wallet for one ecosystem: its id and missing message follow its name, its group
 * the ecosystem; its chain is the deployment's Solana cluster (app-config), read when it connects or signs.
 */
const solanaLikeSpec = (name: string, ecosystem: 'solana' | 'eclipse', chainId: number, installUrl: string, fallbackIcon: string): StandardWalletSpec => ({
  id: name.toLowerCase(),
  name,
  matches: (n) => n === name,
  ecosystem,
  group: ecosystem,
  chainId,
  get chain() {
    return solanaCluster();
  },
  installUrl,
  missingMessage: `no ${name.toLowerCase()}`,
  fallbackIcon,
});

export function phantomAdapter(): StandardWalletAdapter {
  phantom ??= new StandardWalletAdapter(
    solanaLikeSpec('Phantom', 'solana', SOLANA_CHAIN_ID, 'https://phantom.com/', letterIcon('P', '#ab9ff2')),
    follow('solana'),
  );
  return phantom;
}

export function backpackAdapter(): StandardWalletAdapter {
  backpack ??= new StandardWalletAdapter(
    solanaLikeSpec('Backpack', 'eclipse', ECLIPSE_CHAIN_ID, 'https://backpack.app/', letterIcon('B', '#e33e3f')),
    follow('eclipse'),
  );
  return backpack;
}

interface SignAndSendFeature {
  signAndSendTransaction(input: {
    account: unknown;
    chain: string;
    transaction: Uint8Array;
    options?: { commitment?: string; skipPreflight?: boolean };
  }): Promise<readonly { signature: Uint8Array }[]>;
}

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * Signs and sends an unsigned transaction (the server's `build_tx` `data.solana_tx`, base64 wire bytes)
 * with the connected Solana wallet; returns the signature (base58), the deposit's id on Solana.
 */
export async function signAndSendSolanaTransaction(txBase64: string): Promise<string> {
  const adapter = phantomAdapter();
  const wallet = adapter.wallet();
  const account = adapter.connectedAccount();
  if (!wallet || !account) throw new Error('Connect a Solana wallet first');
  const feature = (wallet.features as Record<string, unknown>)['solana:signAndSendTransaction'] as SignAndSendFeature | undefined;
  if (!feature) throw new Error(`${wallet.name} cannot sign and send transactions`);
  const [out] = await feature.signAndSendTransaction({
    account,
    chain: solanaCluster(),
    transaction: base64ToBytes(txBase64),
    options: { commitment: 'confirmed' },
  });
  if (!out) throw new Error('The wallet returned no signature');
  return base58Encode(out.signature);
}
