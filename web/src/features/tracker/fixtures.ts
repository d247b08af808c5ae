import type { ChainActivity } from '@/api/tracker';

/** A network row of the activity API with every figure zero, `over` set (tests only). */
export const chainActivity = (over: Partial<ChainActivity>): ChainActivity => ({
  chain_id: 1,
  chain_name: 'Ethereum',
  tx_count: 0,
  first_active: 0,
  last_active: 0,
  active_days: 0,
  active_weeks: 0,
  active_months: 0,
  contracts: 0,
  contracts_deployed: 0,
  gas_spent: '0',
  volume_usd: 0,
  tokens: [],
  bridge_deposits: 0,
  bridge_payouts: 0,
  bridged_volume_usd: 0,
  days: [],
  ...over,
});
