import { stepsAt, type TxStep, type TxStepStatus } from '@/features/tx/txSteps';
import type { SwapPhase } from './swapButton';

export type SwapStepId = 'approve' | 'swap';

const WITH_APPROVE = [
  { id: 'approve', tx: true },
  { id: 'swap', tx: true },
] as const;
const SWAP_ONLY = [{ id: 'swap', tx: true }] as const;

/** Where each running phase stands: its step and that step's state. */
const AT: Record<Exclude<SwapPhase, 'idle'>, { step: SwapStepId | 'first'; status: TxStepStatus }> = {
  building: { step: 'first', status: 'preparing' },
  approving: { step: 'approve', status: 'sign' },
  approvalPending: { step: 'approve', status: 'pending' },
  swapping: { step: 'swap', status: 'sign' },
  swapPending: { step: 'swap', status: 'pending' },
};

/**
 * The swap's step list: Approve (when the allowance is short) then Swap, each waiting for its
 * signature, pending or confirmed. `failedAt` is the phase a failed run stopped in: its step shows
 * failed. Idle and not failed: no list.
 */
export function swapSteps(phase: SwapPhase, withApprove: boolean, failedAt: SwapPhase | null = null): TxStep<SwapStepId>[] {
  const order = withApprove ? WITH_APPROVE : SWAP_ONLY;
  const running = phase !== 'idle' ? phase : failedAt !== null && failedAt !== 'idle' ? failedAt : null;
  if (running === null) return [];
  const at = AT[running];
  const step = at.step === 'first' || (at.step === 'approve' && !withApprove) ? order[0].id : at.step;
  return stepsAt(order, step, phase !== 'idle' ? at.status : 'failed');
}

/** A mined swap: every step confirmed. */
export const swapStepsDone = (withApprove: boolean): TxStep<SwapStepId>[] =>
  (withApprove ? WITH_APPROVE : SWAP_ONLY).map((s) => ({ id: s.id, status: 'confirmed' }));
