import { HIDDEN_CHAIN_IDS } from '@/lib/config';
import { logger } from '@/lib/logger';
import { request } from './client';
import type { AirdropResult, Chain, Channel, EcosystemDirectory, Exchange, IpInfo, ListData, PointsEvent, PointsSummary, Token, UserAction } from './types';

/** Every server call the shell makes, each path written once. */

export function getChannelByDomain(domainName: string, signal?: AbortSignal): Promise<Channel> {
  return request<Channel>('bridge_api/v1/getChannelIDByDomainName', { query: { domain_name: domainName }, signal });
}

export function getIpInfo(signal?: AbortSignal): Promise<IpInfo> {
  return request<IpInfo>('nocore_api/v1/ip-info', { signal });
}

/** Chains with ids 61022 and 8086 removed, whatever the server sends. */
export function filterHiddenChains(list: readonly Chain[]): Chain[] {
  const hidden: readonly number[] = HIDDEN_CHAIN_IDS;
  return list.filter((c) => !hidden.includes(c.chain_id));
}

export async function getAllChains(signal?: AbortSignal): Promise<Chain[]> {
  const data = await request<ListData<Chain>>('bridge_api/v1/get-all-chains', { signal });
  return filterHiddenChains(data.list ?? []);
}

export async function getEcosystem(signal?: AbortSignal): Promise<EcosystemDirectory> {
  return request<EcosystemDirectory>('ecosystem_api/v1/directory', { signal });
}

export async function getPointsEvent(name: string, signal?: AbortSignal): Promise<PointsEvent> {
  return request<PointsEvent>(`campaign_api/v1/events/${encodeURIComponent(name)}`, { signal });
}

export async function getAllTokens(signal?: AbortSignal): Promise<Token[]> {
  const data = await request<ListData<Token>>('bridge_api/v1/all-tokens', { signal });
  return data.list ?? [];
}

export async function getAllExchanges(signal?: AbortSignal): Promise<Exchange[]> {
  const data = await request<ListData<Exchange>>('bridge_api/v1/get_all_exchange_infos', {
    method: 'POST',
    body: {},
    signal,
  });
  return data.list ?? [];
}

export function getPoints(user: string, signal?: AbortSignal): Promise<PointsSummary> {
  return request<PointsSummary>(`campaign_api/v1/${encodeURIComponent(user)}/points`, { signal });
}

/** Total = sum of the seven point fields (multiplier is not a point field). */
export function totalPoints(p: PointsSummary): number {
  return (
    (p.campaign_points ?? 0) +
    (p.cross_points ?? 0) +
    (p.refer_points ?? 0) +
    (p.check_in_points ?? 0) +
    (p.pool_points ?? 0) +
    (p.cross_points_v1 ?? 0) +
    (p.refer_points_v1 ?? 0)
  );
}

/** Fire-and-forget user-action log: it must never disturb the user, so its errors are ignored. */
export async function logUserAction(action: UserAction): Promise<void> {
  try {
    await request<unknown>('config/user-action', { method: 'POST', body: action });
  } catch (err) {
    logger.warn('user-action log failed (ignored)', err);
  }
}

/** The allocation sets of the airdrop checkers, each imported with `perch import-airdrop --campaign`. */
export type AirdropCampaign = 'layerzero' | 'strk' | 'taiko' | 'blast' | 'zk';

/** One airdrop batch (at most 5 addresses) on one allocation set; the lottery group answers code 200. */
export async function queryAirdrop(campaign: AirdropCampaign, addressList: string[], signal?: AbortSignal): Promise<AirdropResult[]> {
  const data = await request<AirdropResult[] | ListData<AirdropResult>>(`lottery/maker/${campaign}/drop`, {
    method: 'POST',
    body: { addressList },
    okCodes: [200, 0],
    timeout: 'long',
    signal,
  });
  return Array.isArray(data) ? data : (data?.list ?? []);
}

export const queryLayerZeroDrop = (addressList: string[], signal?: AbortSignal) => queryAirdrop('layerzero', addressList, signal);
