/**
 * The step list of a wallet action (approve, swap, check-in, deploy): each step's own state, so the
 * user sees what is done, what waits for their signature and what waits for a block.
 */

/**
 * todo: not reached yet · preparing: the app gets it ready (a build, a network switch) · sign: the
 * wallet asks for the signature · pending: sent, waiting for its block · confirmed: mined ·
 * done: a step without a transaction finished · failed: it stopped there.
 */
export type TxStepStatus = 'todo' | 'preparing' | 'sign' | 'pending' | 'confirmed' | 'done' | 'failed';

export interface TxStep<Id extends string = string> {
  id: Id;
  status: TxStepStatus;
  /** The step's transaction, linked to the explorer once known. */
  tx?: { chainId: number; hash: string };
}

/** Finished: nothing more will happen to the step. */
export const stepFinished = (s: TxStepStatus): boolean => s === 'confirmed' || s === 'done';

/** The step being worked on now (the app's or the wallet's turn, or the chain's). */
export const stepActive = (s: TxStepStatus): boolean => s === 'preparing' || s === 'sign' || s === 'pending';

/**
 * Steps in order with the current one at `current` in state `status`: the earlier ones finished
 * (confirmed when they are transactions), the later ones not started.
 */
export function stepsAt<Id extends string>(order: readonly { id: Id; tx: boolean }[], current: Id, status: TxStepStatus): TxStep<Id>[] {
  const at = order.findIndex((s) => s.id === current);
  return order.map((s, i) => ({
    id: s.id,
    status: i < at ? (s.tx ? 'confirmed' : 'done') : i === at ? status : 'todo',
  }));
}
