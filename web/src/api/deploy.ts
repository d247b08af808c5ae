import { request } from './client';

/** A contract deployed from /deploy, as perch verified it from its receipt. */
export interface Deployment {
  chain_id: number;
  tx_hash: string;
  address: string;
  contract_address: string;
  template: 'erc20' | 'erc721' | 'hello' | 'custom';
  block_number: number;
  created_at: number;
  recorded_now?: boolean;
  points_credited?: number;
}

export interface DeploymentList {
  list: Deployment[];
  points_per_network: number;
}

export function getDeployments(address: string, signal?: AbortSignal): Promise<DeploymentList> {
  return request<DeploymentList>('deploy_api/v1/deployments', { query: { address }, signal });
}

/** Asks perch to verify the deployment from its receipt and record it (waits for it to be mined). */
export function recordDeployment(chainId: number, txHash: string): Promise<Deployment> {
  return request<Deployment>('deploy_api/v1/deployments', {
    method: 'POST',
    body: { chain_id: chainId, tx_hash: txHash },
    timeout: 'long',
  });
}

export const deploymentsQueryKey = (address: string) => ['deployments', address.toLowerCase()] as const;
