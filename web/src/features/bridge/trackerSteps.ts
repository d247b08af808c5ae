import type { Order, OrderState } from '@/api/bridge';

/**
 * The step tracker after a deposit is sent: deposit sent → confirming → paying → completed, or
 * deposit sent → confirming → refunding → refunded. Pure: an order (null while the server has not
 * seen the deposit) in, steps out.
 */

export type StepId = 'sent' | 'confirming' | 'paying' | 'completed' | 'refunding' | 'refunded';
export type StepStatus = 'done' | 'active' | 'pending' | 'failed';

export interface TrackerStep {
  id: StepId;
  status: StepStatus;
  /** Unix seconds the step was reached (from the order timeline), when known. */
  at?: number;
  /** The transaction the step links to. */
  tx?: { chainId: number; hash: string };
}

export interface TrackerView {
  steps: TrackerStep[];
  /** The order reached a final state (completed, refunded, failed, dropped, rejected). */
  final: boolean;
  /**
   * 'dropped': the deposit's block left the chain in a reorg, the deposit no longer exists (nothing owed).
   * 'rejected': the bridge does not list the deposited token; neither bridged nor refunded (the reason says why).
   */
  outcome: 'pending' | 'completed' | 'refunded' | 'failed' | 'dropped' | 'rejected';
  reason: string;
}

const SUCCESS: readonly StepId[] = ['sent', 'confirming', 'paying', 'completed'];
const REFUND: readonly StepId[] = ['sent', 'confirming', 'refunding', 'refunded'];

/** Where each order state stands on its path (index of the active step). */
const POSITION: Record<OrderState, number> = {
  confirming: 1,
  queued: 2,
  paying: 2,
  completed: 3,
  refunding: 2,
  refunded: 3,
  failed: -1,
  dropped: 1,
  rejected: 1,
};

const STEP_OF_STATE: Partial<Record<OrderState, StepId>> = {
  confirming: 'confirming',
  queued: 'paying',
  paying: 'paying',
  completed: 'completed',
  refunding: 'refunding',
  refunded: 'refunded',
};

function onRefundPath(order: Order): boolean {
  if (order.state === 'refunding' || order.state === 'refunded') return true;
  return order.timeline?.some((e) => e.state === 'refunding' || e.state === 'refunded') ?? false;
}

/** The step a failed order stopped at: the last step its timeline reached before 'failed', moved one on. */
function failedPosition(order: Order, path: readonly StepId[]): number {
  let reached = 0;
  for (const e of order.timeline ?? []) {
    const step = STEP_OF_STATE[e.state];
    const idx = step ? path.indexOf(step) : -1;
    if (idx > reached) reached = idx;
  }
  return Math.min(reached + 1, path.length - 1);
}

export function trackerView(srcChainId: number, srcTxHash: string, order: Order | null): TrackerView {
  if (!order) {
    // Sent from the wallet, not seen by the server yet: the deposit step is done, confirming is next.
    const steps = SUCCESS.map<TrackerStep>((id, i) => ({ id, status: i === 0 ? 'done' : i === 1 ? 'active' : 'pending' }));
    steps[0] = { ...steps[0]!, tx: { chainId: srcChainId, hash: srcTxHash } };
    return { steps, final: false, outcome: 'pending', reason: '' };
  }
  const refund = onRefundPath(order);
  const path = refund ? REFUND : SUCCESS;
  const failed = order.state === 'failed' || order.state === 'dropped' || order.state === 'rejected';
  const position = order.state === 'failed' ? failedPosition(order, path) : POSITION[order.state];
  const complete = order.state === 'completed' || order.state === 'refunded';
  const at = new Map<StepId, number>();
  for (const e of order.timeline ?? []) {
    const step = STEP_OF_STATE[e.state];
    if (step && !at.has(step)) at.set(step, e.at);
  }
  if (!at.has('sent') && order.created_at) at.set('sent', order.created_at);

  const steps = path.map<TrackerStep>((id, i) => {
    let status: StepStatus;
    if (complete || i < position) status = 'done';
    else if (i === position) status = failed ? 'failed' : 'active';
    else status = 'pending';
    const step: TrackerStep = { id, status };
    const when = at.get(id);
    if (when !== undefined && status !== 'pending') step.at = when;
    if (id === 'sent') step.tx = { chainId: order.src_chain_id, hash: order.src_tx_hash || srcTxHash };
    if (id === 'completed' && order.dst_tx_hash) step.tx = { chainId: order.dst_chain_id, hash: order.dst_tx_hash };
    if (id === 'paying' && order.dst_tx_hash) step.tx = { chainId: order.dst_chain_id, hash: order.dst_tx_hash };
    if ((id === 'refunding' || id === 'refunded') && order.refund_tx_hash) step.tx = { chainId: order.src_chain_id, hash: order.refund_tx_hash };
    return step;
  });
  const outcome =
    order.state === 'completed' || order.state === 'refunded' || order.state === 'dropped' || order.state === 'rejected'
      ? order.state
      : failed
        ? 'failed'
        : 'pending';
  return { steps, final: complete || failed, outcome, reason: order.reason ?? '' };
}
