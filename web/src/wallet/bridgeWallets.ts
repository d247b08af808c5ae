import type { EcosystemConnection } from './ecosystems/store';
import type { Ecosystem } from './ecosystems/types';
import { headerWalletStatus, type HeaderWalletStatus } from './store';

/** Perch chain ids of the non-EVM networks; every other chain is EVM. */
export const NON_EVM_CHAINS: Readonly<Record<number, Ecosystem>> = {
  83797601: 'solana',
  69677601: 'eclipse',
  666666666: 'starknet',
  9889: 'fuel',
  66706701: 'benfen',
  999706684: 'bitcoin',
  999706677: 'bitcoin',
};

export const ecosystemOfChain = (chainId: number): Ecosystem | 'evm' => NON_EVM_CHAINS[chainId] ?? 'evm';

export type Accounts = Partial<Record<Ecosystem, Pick<EcosystemConnection, 'address'>>>;

/** The connected address that acts on `chainId`: the EVM wallet's or that ecosystem's ('' when none). */
export function walletAddressFor(chainId: number, evmAddress: string, accounts: Accounts): string {
  const eco = ecosystemOfChain(chainId);
  return eco === 'evm' ? evmAddress : (accounts[eco]?.address ?? '');
}

/**
 * The bridge's source and destination wallets and the header status (0 not connected, 1 the
 * same wallet for both, 2 two wallets). Without a chosen source the connected EVM wallet (else the
 * first connected other one) is the source; without a destination network, or to an exchange, the
 * source wallet receives.
 */
export function bridgeWallets(
  fromChainId: number | null,
  toChainId: number | null,
  toExchange: boolean,
  evmAddress: string,
  accounts: Accounts,
): { source: string; destination: string; status: HeaderWalletStatus } {
  const anyAddress = evmAddress || (Object.values(accounts).find((a) => a?.address)?.address ?? '');
  const source = fromChainId === null ? anyAddress : walletAddressFor(fromChainId, evmAddress, accounts);
  const destination = toChainId === null || toExchange ? source : walletAddressFor(toChainId, evmAddress, accounts);
  return { source, destination, status: headerWalletStatus(source, destination) };
}
