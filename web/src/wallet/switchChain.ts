import type { Chain as ViemChain } from 'viem';
import { firstRpcUrl } from './chains';

/** The part of an EIP-1193 provider the switch helper needs. */
export interface Eip1193Like {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

export const SWITCH_PENDING_MESSAGE =
  'Please ensure that you have successfully completed the network switch in your wallet, or the transaction will not be able to proceed.';

/** An error thrown by the switch helper: `code` is the wallet's code when there was one. */
export class SwitchChainError extends Error {
  readonly code: number | undefined;
  constructor(message: string, code?: number) {
    super(message);
    this.name = 'SwitchChainError';
    this.code = code;
  }
}

interface ProviderError {
  code?: unknown;
  message?: unknown;
  data?: { originalError?: { code?: unknown } };
  cause?: unknown;
}

function errorCode(err: unknown): number | undefined {
  const e = err as ProviderError | null;
  if (e && typeof e.code === 'number') return e.code;
  const cause = e?.cause as ProviderError | undefined;
  if (cause && typeof cause.code === 'number') return cause.code;
  return undefined;
}

function errorMessage(err: unknown): string {
  const e = err as ProviderError | null;
  if (e && typeof e.message === 'string' && e.message) return e.message;
  return String(err);
}

/** 4902, 5000, an original-error 4902 or an 'Unrecognized chain' message: the wallet lacks the chain. */
export function isUnknownChainError(err: unknown): boolean {
  const code = errorCode(err);
  if (code === 4902 || code === 5000) return true;
  const e = err as ProviderError | null;
  if (e?.data?.originalError?.code === 4902) return true;
  return /unrecognized chain/i.test(errorMessage(err));
}

export const toHexChainId = (id: number): `0x${string}` => `0x${id.toString(16)}`;

/** wallet_addEthereumChain parameters: the chain as the wallet must add it before switching to it. */
export function addChainParams(chain: ViemChain) {
  const rpc = firstRpcUrl(chain);
  const explorer = chain.blockExplorers?.default.url;
  return {
    chainId: toHexChainId(chain.id),
    chainName: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: rpc ? [rpc] : [],
    blockExplorerUrls: explorer ? [explorer] : [],
  };
}

function rethrow(err: unknown): never {
  const code = errorCode(err);
  if (code === -32002) throw new SwitchChainError(SWITCH_PENDING_MESSAGE, code);
  // 4001 (user rejected) and every other error: the wallet's message is thrown as is.
  throw new SwitchChainError(errorMessage(err), code);
}

/**
 * Switches the wallet to `chain`: wallet_switchEthereumChain; when the wallet does not know the
 * chain, wallet_addEthereumChain and switch again.
 */
export async function switchEvmChain(provider: Eip1193Like, chain: ViemChain): Promise<void> {
  const switchParams = [{ chainId: toHexChainId(chain.id) }];
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams });
    return;
  } catch (err) {
    if (!isUnknownChainError(err)) rethrow(err);
  }
  try {
    await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParams(chain)] });
    await provider.request({ method: 'wallet_switchEthereumChain', params: switchParams });
  } catch (err) {
    rethrow(err);
  }
}
