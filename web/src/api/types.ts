/** Server shapes: the networks, tokens, exchanges and channel settings the API answers with. */

export type NavKey = 'bridge' | 'swap' | 'rewards' | 'deploy' | 'pool' | 'portfolio';
export const NAV_KEYS: readonly NavKey[] = ['bridge', 'swap', 'rewards', 'deploy', 'pool', 'portfolio'];

export interface ChannelTheme {
  primary: string;
  accent?: string;
  logo?: string;
}

export interface Channel {
  channel_id: number;
  name: string;
  slug: string;
  domains: string[];
  nav: NavKey[];
  theme: ChannelTheme;
  wallet_groups: string[];
  powered_by: boolean;
  /** The public WalletConnect project id from the server's config; without one the WalletConnect option is hidden. */
  walletconnect_project_id?: string;
}

export interface IpInfo {
  country_code: string;
}

export interface PopularItem {
  tag: string;
  weight: number;
}

/** A past points event (GET campaign_api/v1/events/{name}). */
export interface PointsEvent {
  name: string;
  title: string;
  start_time: number;
  end_time: number;
  ended: boolean;
  rules: string[];
  leaderboard: { rank: number; address: string; points: number }[];
}

/** A project of the ecosystem directory (config/ecosystem.json). */
export interface EcosystemProject {
  name: string;
  category: string;
  /** Chain ids of the chain list. */
  networks: number[];
  link: string;
  text: string;
}

export interface EcosystemDirectory {
  categories: string[];
  projects: EcosystemProject[];
}

export interface Chain {
  chain_id: number;
  chain_name: string;
  alias_name: string;
  is_testnet: boolean;
  explorer_url: string;
  network_code: number | string;
  popular_item_list: PopularItem[];
  icon: string;
  flags: { evm: boolean; bitcoin: boolean; non_evm: boolean };
  disabled: boolean;
  order: number;
  searchText: string;
  native_currency: { name: string; symbol: string; decimals: number };
  rpc_urls: string[];
  block_explorers: { name: string; url: string }[];
  /** Milliseconds between blocks, when the server's chain config knows it: receipts are polled at this pace. */
  block_time_ms?: number;
}

export interface Token {
  symbol: string;
  chainId: number;
  address: string;
  decimals: number;
}

export interface Exchange {
  id: number;
  name: string;
  icon: string;
  /** What it credits: a token on a network, from a minimum (config/exchanges.json). */
  deposits: ExchangeDeposit[];
}

/** One token an exchange credits on one network. */
export interface ExchangeDeposit {
  token: string;
  chain_id: number;
  /** Its minimum deposit, in token units (a decimal string); below it the exchange keeps the funds. */
  min: string;
  /** The exchange needs a memo or tag with the deposit, which a bridge payout cannot carry. */
  memo?: boolean;
}

export interface PointsSummary {
  campaign_points: number;
  cross_points: number;
  refer_points: number;
  check_in_points: number;
  pool_points: number;
  multiplier: number;
  cross_points_v1: number;
  refer_points_v1: number;
}

export interface UserAction {
  user_address: string;
  action: string;
  sign: string;
  agent: string;
  wallet_name: string;
}

export interface AirdropResult {
  address: string;
  value: number;
}

export interface ListData<T> {
  list: T[];
}
