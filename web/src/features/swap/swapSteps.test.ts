import { describe, expect, it } from 'vitest';
import { stepsAt } from '@/features/tx/txSteps';
import { swapSteps, swapStepsDone } from './swapSteps';

const states = (steps: { id: string; status: string }[]) => steps.map((s) => `${s.id}:${s.status}`);

describe('swap step list', () => {
  it('approve then swap: each phase puts its step in its state, the earlier ones confirmed', () => {
    expect(states(swapSteps('building', true))).toEqual(['approve:preparing', 'swap:todo']);
    expect(states(swapSteps('approving', true))).toEqual(['approve:sign', 'swap:todo']);
    expect(states(swapSteps('approvalPending', true))).toEqual(['approve:pending', 'swap:todo']);
    // Signed and mined: the approval no longer waits, the swap asks for its signature.
    expect(states(swapSteps('swapping', true))).toEqual(['approve:confirmed', 'swap:sign']);
    expect(states(swapSteps('swapPending', true))).toEqual(['approve:confirmed', 'swap:pending']);
    expect(states(swapStepsDone(true))).toEqual(['approve:confirmed', 'swap:confirmed']);
  });

  it('swap only (native in, or allowance enough)', () => {
    expect(states(swapSteps('building', false))).toEqual(['swap:preparing']);
    expect(states(swapSteps('swapping', false))).toEqual(['swap:sign']);
    expect(states(swapSteps('swapPending', false))).toEqual(['swap:pending']);
    expect(states(swapStepsDone(false))).toEqual(['swap:confirmed']);
  });

  it('idle: no list; a failed run shows the step it stopped at as failed', () => {
    expect(swapSteps('idle', true)).toEqual([]);
    expect(states(swapSteps('idle', true, 'approving'))).toEqual(['approve:failed', 'swap:todo']);
    expect(states(swapSteps('idle', true, 'swapping'))).toEqual(['approve:confirmed', 'swap:failed']);
    expect(states(swapSteps('idle', false, 'building'))).toEqual(['swap:failed']);
  });

  it('stepsAt: steps without a transaction are done rather than confirmed', () => {
    const order = [
      { id: 'signIn', tx: false },
      { id: 'checkIn', tx: true },
      { id: 'credit', tx: false },
    ] as const;
    expect(states(stepsAt(order, 'credit', 'pending'))).toEqual(['signIn:done', 'checkIn:confirmed', 'credit:pending']);
  });
});
