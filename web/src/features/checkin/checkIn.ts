import { create } from 'zustand';
import { useAppConfig } from '@/api/appConfig';
import { checkInEncrypt, postCheckIn } from '@/api/rewards';
import type { CheckInContract, CheckInResult } from '@/api/rewardsTypes';
import { hasSession, signIn, withSession } from '@/features/auth/session';
import i18n from '@/i18n';
import { utcDateStamp } from '@/lib/time';
import { stepsAt, type TxStep, type TxStepStatus } from '@/features/tx/txSteps';
import { switchWalletChain } from '@/wallet/lazyRuntime';
import { useWalletRuntime } from '@/wallet/runtimeStore';

/** The CheckIn contract's one write: checkIn(uint32 yyyymmdd), the current UTC date. */
export const CHECK_IN_ABI = [
  {
    type: 'function',
    name: 'checkIn',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'yyyymmdd', type: 'uint32' }],
    outputs: [],
  },
] as const;

interface CheckInModalState {
  open: boolean;
  /** The chain picked in the selector; null until one is: the deployment's check-in chain. */
  chainId: number | null;
  show: () => void;
  hide: () => void;
  setChainId: (id: number) => void;
}

export const useCheckInModal = create<CheckInModalState>()((set) => ({
  open: false,
  chainId: null,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
  setChainId: (chainId) => set({ chainId }),
}));

export type CheckInStepId = 'signIn' | 'checkIn' | 'credit';

/**
 * The check-in's step list: Sign in (only when there is no session yet), the check-in transaction
 * on its chain, then the server crediting the points.
 */
export function checkInSteps(withSignIn: boolean, current: CheckInStepId, status: TxStepStatus): TxStep<CheckInStepId>[] {
  const order = [
    ...(withSignIn ? [{ id: 'signIn' as const, tx: false }] : []),
    { id: 'checkIn' as const, tx: true },
    { id: 'credit' as const, tx: false },
  ];
  return stepsAt(order, current, status);
}

interface CheckInStepsState {
  /** The running (or last) check-in's steps; empty before the first one. */
  steps: TxStep<CheckInStepId>[];
  set: (steps: TxStep<CheckInStepId>[]) => void;
  clear: () => void;
}

export const useCheckInSteps = create<CheckInStepsState>()((set) => ({
  steps: [],
  set: (steps) => set({ steps }),
  clear: () => set({ steps: [] }),
}));

/** A check-in's base points when the user bridged that UTC day (5 × the plain 2). */
export const CHECK_IN_BRIDGE_POINTS = 10;

/**
 * What a credited check-in tells the user after 'Check in success': the x5 message when
 * the day's base is 10 (a bridge that UTC day), then the x2 message when the day is doubled.
 */
export function checkInBonusMessages(result: Pick<CheckInResult, 'basePoints' | 'multiplier'>): ('checkin.x5' | 'checkin.x2')[] {
  const keys: ('checkin.x5' | 'checkin.x2')[] = [];
  if (result.basePoints >= CHECK_IN_BRIDGE_POINTS) keys.push('checkin.x5');
  if (result.multiplier > 1) keys.push('checkin.x2');
  return keys;
}

/**
 * The contract for the picked chain, else the deployment's check-in chain's (app-config), else the
 * first (the server lists its check-in chain first).
 */
export function pickContract(list: readonly CheckInContract[], chainId: number | null, defaultChainId?: number): CheckInContract | undefined {
  return list.find((c) => c.chainId === chainId) ?? list.find((c) => c.chainId === defaultChainId) ?? list[0];
}

/** The deployment's check-in chain, from the server (undefined while it loads). */
export const useCheckInDefaultChain = (): number | undefined => useAppConfig().data?.checkin.chain_id;

async function untilChain(chainId: number, ms = 5000): Promise<void> {
  const config = useWalletRuntime.getState().config;
  const { getConnection } = await import('wagmi/actions');
  const end = Date.now() + ms;
  while (config && getConnection(config).chainId !== chainId && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The message of a wallet / viem error, without its long details. */
export function shortError(err: unknown): string {
  const e = err as { shortMessage?: unknown; message?: unknown } | null;
  if (e && typeof e.shortMessage === 'string' && e.shortMessage) return e.shortMessage;
  if (e && typeof e.message === 'string' && e.message) return e.message.split('\n')[0] ?? e.message;
  return String(err);
}

/**
 * Daily check-in: signs in (EIP-4361) if needed, switches the wallet to the check-in chain, sends
 * checkIn(today) and waits for its receipt, then asks the server to credit it. `onStep` hears each
 * step's state as it changes (the modal's step list).
 */
export async function runCheckIn(
  address: string,
  contract: CheckInContract,
  onStep: (steps: TxStep<CheckInStepId>[]) => void = () => {},
): Promise<CheckInResult & { hash: string }> {
  const config = useWalletRuntime.getState().config;
  if (!config) throw new Error(i18n.t('auth.noWallet'));
  const withSignIn = !hasSession(address);
  let at: CheckInStepId = withSignIn ? 'signIn' : 'checkIn';
  let hash: `0x${string}` | undefined;
  const step = (id: CheckInStepId, status: TxStepStatus): void => {
    at = id;
    const steps = checkInSteps(withSignIn, id, status);
    onStep(hash ? steps.map((s) => (s.id === 'checkIn' ? { ...s, tx: { chainId: contract.chainId, hash: hash ?? '' } } : s)) : steps);
  };
  try {
    if (withSignIn) {
      step('signIn', 'sign');
      await signIn(address);
    }
    const { getConnection, waitForTransactionReceipt, writeContract } = await import('wagmi/actions');
    if (getConnection(config).chainId !== contract.chainId) {
      step('checkIn', 'preparing');
      await switchWalletChain(contract.chainId);
      await untilChain(contract.chainId);
    }
    step('checkIn', 'sign');
    hash = await writeContract(config, {
      abi: CHECK_IN_ABI,
      address: contract.contractAddress as `0x${string}`,
      functionName: 'checkIn',
      args: [Number(utcDateStamp())],
      chainId: contract.chainId,
      account: address as `0x${string}`,
    });
    step('checkIn', 'pending');
    const receipt = await waitForTransactionReceipt(config, { hash, chainId: contract.chainId, timeout: 60_000 });
    if (receipt.status !== 'success') throw new Error(i18n.t('checkin.reverted'));
    step('credit', 'pending');
    const encrypt = await checkInEncrypt(address, hash);
    const body = { encrypt, hash, chainId: contract.chainId, userAddress: address };
    const result = await withSession(address, () => postCheckIn(body));
    step('credit', 'done');
    return { ...result, hash };
  } catch (err) {
    step(at, 'failed');
    throw err;
  }
}
