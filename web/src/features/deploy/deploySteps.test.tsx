import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testChain } from '@/test/chains';
import { DeployProgress } from './DeployProgress';
import { deploySteps, useDeployForm } from './deployStore';

const states = (steps: { id: string; status: string }[]) => steps.map((s) => `${s.id}:${s.status}`);

beforeEach(() => useDeployForm.setState({ progress: {}, running: false }));

describe('deploy step list', () => {
  it('deploy (switch, signature, block) then verify; a failure shows on the step it happened in', () => {
    expect(states(deploySteps({ step: 'waiting' }))).toEqual(['deploy:todo', 'verify:todo']);
    expect(states(deploySteps({ step: 'switching' }))).toEqual(['deploy:preparing', 'verify:todo']);
    expect(states(deploySteps({ step: 'signing' }))).toEqual(['deploy:sign', 'verify:todo']);
    expect(states(deploySteps({ step: 'mining', txHash: '0x1' }))).toEqual(['deploy:pending', 'verify:todo']);
    // Mined: the transaction is confirmed at once, perch's verification is what is left.
    expect(states(deploySteps({ step: 'verifying', txHash: '0x1' }))).toEqual(['deploy:confirmed', 'verify:pending']);
    expect(states(deploySteps({ step: 'done', txHash: '0x1', contract: '0x2' }))).toEqual(['deploy:confirmed', 'verify:done']);
    expect(states(deploySteps({ step: 'failed', error: 'rejected' }))).toEqual(['deploy:failed', 'verify:todo']);
    expect(states(deploySteps({ step: 'failed', txHash: '0x1', error: 'not found', failedAt: 'verify' }))).toEqual(['deploy:confirmed', 'verify:failed']);
  });

  it('each network of the run shows its step list with labels and states', () => {
    useDeployForm.setState({ progress: { 8453: { step: 'mining', txHash: `0x${'a'.repeat(64)}` }, 42161: { step: 'waiting' } } });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DeployProgress chains={new Map([[8453, testChain(8453, 'Base')], [42161, testChain(42161, 'Arbitrum One')]])} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('deploy-progress-8453')).toHaveAttribute('data-step', 'mining');
    expect(screen.getByTestId('deploy-steps-8453-deploy')).toHaveTextContent('Deploy on BasePending');
    expect(screen.getByTestId('deploy-steps-8453-verify')).toHaveTextContent('Verify and recordNot started');
    expect(screen.getByTestId('deploy-steps-42161-deploy')).toHaveAttribute('data-status', 'todo');
  });
});
