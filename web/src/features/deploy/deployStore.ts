import { create } from 'zustand';
import { stepsAt, type TxStep, type TxStepStatus } from '@/features/tx/txSteps';
import type { FieldValues, TemplateId } from './templates';

/** One network's progress: switch chain → sign → mined → verified and recorded → done, or failed. */
export type DeployStep = 'waiting' | 'switching' | 'signing' | 'mining' | 'verifying' | 'done' | 'failed';

export interface NetworkProgress {
  step: DeployStep;
  txHash?: string;
  contract?: string;
  error?: string;
  /** A failed network: whether the transaction or perch's verification failed. */
  failedAt?: 'deploy' | 'verify';
}

interface DeployForm {
  template: TemplateId;
  values: FieldValues;
  networks: number[];
  /** Per chain id, for the networks of the current run. */
  progress: Record<number, NetworkProgress>;
  running: boolean;
  setTemplate: (t: TemplateId) => void;
  setValue: (field: keyof FieldValues, value: string) => void;
  toggleNetwork: (chainId: number) => void;
  setProgress: (chainId: number, p: NetworkProgress) => void;
  start: (chainIds: number[]) => void;
  finish: () => void;
}

export const useDeployForm = create<DeployForm>()((set) => ({
  template: 'erc20',
  values: {},
  networks: [],
  progress: {},
  running: false,
  setTemplate: (template) => set({ template, values: {}, progress: {} }),
  setValue: (field, value) => set((s) => ({ values: { ...s.values, [field]: value } })),
  toggleNetwork: (chainId) =>
    set((s) => ({ networks: s.networks.includes(chainId) ? s.networks.filter((id) => id !== chainId) : [...s.networks, chainId] })),
  setProgress: (chainId, p) => set((s) => ({ progress: { ...s.progress, [chainId]: p } })),
  start: (chainIds) =>
    set((s) => {
      const progress = { ...s.progress };
      for (const id of chainIds) progress[id] = { step: 'waiting' };
      return { progress, running: true };
    }),
  finish: () => set({ running: false }),
}));

/** The networks a run (or a retry) deploys to: the chosen ones not already done. */
export function networksToRun(networks: readonly number[], progress: Record<number, NetworkProgress>): number[] {
  return networks.filter((id) => progress[id]?.step !== 'done');
}

export type DeployStepId = 'deploy' | 'verify';

const ORDER = [
  { id: 'deploy', tx: true },
  { id: 'verify', tx: false },
] as const;

/** Where each progress state stands in the step list, and in what state that step is. */
const STEP_AT: Record<Exclude<DeployStep, 'failed'>, readonly [DeployStepId, TxStepStatus]> = {
  waiting: ['deploy', 'todo'],
  switching: ['deploy', 'preparing'],
  signing: ['deploy', 'sign'],
  mining: ['deploy', 'pending'],
  verifying: ['verify', 'pending'],
  done: ['verify', 'done'],
};

/** One network's step list: the deployment transaction (signature, block), then perch's verification. */
export function deploySteps(p: NetworkProgress): TxStep<DeployStepId>[] {
  if (p.step === 'failed') return stepsAt(ORDER, p.failedAt ?? 'deploy', 'failed');
  const [current, status] = STEP_AT[p.step];
  return stepsAt(ORDER, current, status);
}
