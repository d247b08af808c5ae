import channelsFile from '../../../config/channels.json';
import poolAllowListFile from '../../../config/pool-allowlist.json';
import routesFile from '../../../config/routes.json';
import type { AppChannel, AppConfig, RouteConfig } from '@/api/appConfig';

/**
 * GET app-config as a server with the repository's config/ answers it (tests only: the app
 * itself never bundles config/), with `over` replacing any part.
 */
export function testAppConfig(over: Partial<AppConfig> = {}): AppConfig {
  const file = routesFile as unknown as { quote_ttl_seconds: number; routes: RouteConfig[]; cross_routes: RouteConfig[] };
  return {
    quote_ttl_seconds: file.quote_ttl_seconds,
    routes: file.routes,
    cross_routes: file.cross_routes,
    tokens: [],
    solana: { chain_id: 83797601, cluster: 'solana:mainnet', rpc_url: '', usdc_mint: 'nJYdxk4fjZxDcWvko18K4SLKdhvAJKV7S5mP4tT8114' },
    checkin: { chain_id: 1868, contract: '0x0000000000000000000000000000000000000000' },
    default_channel_id: channelsFile.default_channel_id,
    channels: channelsFile.channels as AppChannel[],
    pool_allow_list: poolAllowListFile.addresses,
    ...over,
  };
}
