import { readFileSync } from 'node:fs';
import { createWalletClient, defineChain, http, publicActions, type Hex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { PerchClient } from '../src/index.js';

/** The real test perch and devnet that scripts/test-all.sh starts (PERCH_URL, PERCH_DEVNET_STATE). */
export const PERCH_URL = process.env.PERCH_URL ?? '';
const STATE_FILE = process.env.PERCH_DEVNET_STATE ?? '';
if (!PERCH_URL || !STATE_FILE) throw new Error('set PERCH_URL and PERCH_DEVNET_STATE (scripts/test-all.sh does)');

export interface DevnetState {
  chains: { chain_id: number; name: string; rpc_url: string }[];
  accounts: { users: string[] };
}
export const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as DevnetState;

export const client = new PerchClient({ baseUrl: PERCH_URL });

/** Hardhat account #7: the sdk tests' wallet (the e2e specs use #2 to #5); the devnet lists it as user 5. */
export const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';
export const account = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 7 });

export function rpcUrl(chainId: number): string {
  const chain = state.chains.find((c) => c.chain_id === chainId);
  if (!chain) throw new Error(`chain ${chainId} is not in the devnet state`);
  return chain.rpc_url;
}

/** A private-key wallet client on one devnet chain, with the public actions for reads. */
export function walletOn(chainId: number) {
  const chain = defineChain({
    id: chainId,
    name: `devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl(chainId)] } },
  });
  return createWalletClient({ account, chain, transport: http(rpcUrl(chainId)) }).extend(publicActions);
}

const ERC20 = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ type: 'uint256' }],
  },
] as const;

export function tokenBalance(chainId: number, token: string, owner: string): Promise<bigint> {
  return walletOn(chainId).readContract({ address: token as Hex, abi: ERC20, functionName: 'balanceOf', args: [owner as Hex] });
}
