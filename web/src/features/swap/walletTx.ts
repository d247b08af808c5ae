import type { TxBody } from '@/api/bridge';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import type { MinedReceipt } from './executeSwap';
import { WalletNotReadyError } from './swapErrors';

/** The swap's wallet calls through wagmi (its actions load with the wallet runtime chunk). */

type Hex = `0x${string}`;

function walletConfig() {
  const config = useWalletRuntime.getState().config;
  if (!config) throw new WalletNotReadyError();
  return config;
}

export async function sendSwapTx(tx: TxBody, account: string): Promise<Hex> {
  const config = walletConfig();
  const { sendTransaction } = await import('wagmi/actions');
  return sendTransaction(config, { account: account as Hex, chainId: tx.chain_id, to: tx.to as Hex, data: tx.data as Hex, value: BigInt(tx.value) });
}

export async function waitSwapReceipt(chainId: number, hash: Hex): Promise<MinedReceipt> {
  const config = walletConfig();
  const { waitForTransactionReceipt } = await import('wagmi/actions');
  const receipt = await waitForTransactionReceipt(config, { hash, chainId });
  return { status: receipt.status, logs: receipt.logs };
}

/** The ERC-20 allowance of `owner` for `spender`, read from the chain. */
export async function readAllowance(chainId: number, token: string, owner: string, spender: string): Promise<bigint> {
  const config = walletConfig();
  const [{ readContract }, { erc20Abi }] = await Promise.all([import('wagmi/actions'), import('viem')]);
  return readContract(config, { chainId, address: token as Hex, abi: erc20Abi, functionName: 'allowance', args: [owner as Hex, spender as Hex] });
}
