import type { Account, Chain as ViemChain, Hex, Transport, WalletClient } from 'viem';
import { waitForTransactionReceipt } from 'viem/actions';
import { isFinal, type BuildTx, type Order, type PerchClient, type Quote, type TxBody } from './client.js';

export interface BridgeParams {
  client: PerchClient;
  /** A viem wallet client with an account, connected to the source chain. */
  wallet: WalletClient<Transport, ViemChain | undefined, Account>;
  fromChainId: number;
  toChainId: number;
  /** Token symbol, e.g. "ETH" or "USDC". */
  token: string;
  /** Token units, e.g. "0.1". */
  amount: string;
  /** Receiver on the destination chain (default: the wallet's own address). */
  recipient?: string;
  channel?: number;
  signal?: AbortSignal;
}

/** The steps of a bridge, in the order they happen; the last one holds a final order. */
export type BridgeState =
  | { step: 'quoted'; quote: Quote }
  | { step: 'built'; tx: BuildTx }
  | { step: 'approved'; hash: Hex }
  | { step: 'deposited'; hash: Hex }
  | { step: 'order'; order: Order | null };

/** Sends one transaction body and waits until it is mined; a reverted one throws. */
async function send(wallet: BridgeParams['wallet'], body: TxBody): Promise<Hex> {
  const hash = await wallet.sendTransaction({
    account: wallet.account,
    chain: wallet.chain ?? null,
    to: body.to as Hex,
    data: body.data as Hex,
    value: BigInt(body.value),
  });
  const receipt = await waitForTransactionReceipt(wallet, { hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return hash;
}

/**
 * Quotes, builds, sends (an ERC-20 approval first when the server asks for one) and follows the
 * order through the server's event stream, yielding each state; ends when the order is final
 * (completed, refunded, failed or dropped).
 */
export async function* bridge(p: BridgeParams): AsyncGenerator<BridgeState> {
  if (p.wallet.chain && p.wallet.chain.id !== p.fromChainId)
    throw new Error(`the wallet is on chain ${p.wallet.chain.id}, not the source chain ${p.fromChainId}`);
  const common = { from_chain_id: p.fromChainId, to_chain_id: p.toChainId, token: p.token, amount: p.amount };
  yield { step: 'quoted', quote: await p.client.quote({ ...common, channel: p.channel }, p.signal) };
  const sender = p.wallet.account.address;
  const tx = await p.client.buildTx(
    { ...common, sender, recipient: p.recipient ?? sender, ...(p.channel !== undefined ? { channel: p.channel } : {}) },
    p.signal,
  );
  yield { step: 'built', tx };
  if (tx.approve) yield { step: 'approved', hash: await send(p.wallet, tx.approve) };
  const hash = await send(p.wallet, tx.deposit);
  yield { step: 'deposited', hash };
  for await (const order of p.client.orderStream(p.fromChainId, hash, p.signal)) {
    yield { step: 'order', order };
  }
}

/** Runs bridge() to the end and returns the final order. */
export async function bridgeAndWait(p: BridgeParams, onState?: (s: BridgeState) => void): Promise<Order> {
  let last: Order | null = null;
  for await (const state of bridge(p)) {
    onState?.(state);
    if (state.step === 'order') last = state.order;
  }
  if (!last || !isFinal(last.state)) throw new Error('the order stream ended before a final state');
  return last;
}
