/**
 * The non-EVM wallet layer (issue 11): one adapter per ecosystem, discovered through the standard that
 * ecosystem uses (Wallet Standard for Solana/Eclipse, injected objects for the others). The wallet
 * modal lists `WalletOption`s and calls `connect`; the EVM wallets stay on wagmi (../runtime.ts).
 * Adapters load lazily (their SDK code is never in the first load of /).
 */
import type { WalletNotice } from '../errors';

export type Ecosystem = 'solana' | 'eclipse' | 'starknet' | 'fuel' | 'benfen' | 'bitcoin';

/** The modal's groups beyond EVM; see ../walletGroups.ts. */
export type NonEvmGroupId = 'solana' | 'eclipse' | 'fuel' | 'starknet' | 'benfen' | 'bitcoin';

export interface WalletOption {
  /** Stable id, remembered for auto-reconnect, e.g. 'phantom', 'backpack', 'argentX', 'unisat'. */
  id: string;
  name: string;
  /** An icon URL or data URI (the wallet's own when discovered). */
  icon: string;
  group: NonEvmGroupId;
  ecosystem: Ecosystem;
  /** Found in the page through the ecosystem's standard. */
  installed: boolean;
  /** Where a user without it gets it (opened when it is missing). */
  installUrl: string;
}

export interface WalletAccount {
  address: string;
  /** The network the wallet reports (e.g. Starknet 'SN_MAIN'), when it reports one. */
  network?: string;
  /** Perch chain id of that account's network (e.g. 83797601 for Solana). */
  chainId: number;
}

export interface EcosystemAdapter {
  ecosystem: Ecosystem;
  /** The options of this ecosystem now; `subscribe` calls back when a wallet registers later. */
  options(): WalletOption[];
  subscribe(onChange: () => void): () => void;
  /** Connects; rejects with an Error whose message is the spec's text (e.g. 'no phantom'). */
  connect(optionId: string, opts?: { silent?: boolean }): Promise<WalletAccount>;
  disconnect(optionId: string): Promise<void>;
  /** The error as the user sees it, or null to let the caller's generic mapping decide. */
  notice?(err: unknown): WalletNotice | null;
}
