import type { Chain } from '@/api/types';

/** A network as get-all-chains answers it: EVM, ETH as its coin, no explorer, unless `over` says otherwise. */
export function testChain(id: number, name: string, over: Partial<Chain> = {}): Chain {
  return {
    chain_id: id,
    chain_name: name,
    alias_name: name,
    is_testnet: false,
    explorer_url: '',
    network_code: 1,
    popular_item_list: [],
    icon: '',
    flags: { evm: true, bitcoin: false, non_evm: false },
    disabled: false,
    order: id,
    searchText: name.toLowerCase(),
    native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpc_urls: [],
    block_explorers: [],
    ...over,
  } as Chain;
}

/** An EVM network whose explorer both the network list (explorer_url) and the wallet layer (block_explorers) know. */
export const explorerChain = (id: number, name: string, explorer: string, over: Partial<Chain> = {}): Chain =>
  testChain(id, name, { explorer_url: explorer, block_explorers: [{ name, url: explorer }], ...over });

/** A Solana-like network: not EVM, SOL with 9 decimals. */
export const solanaChain = (id: number, name: string, over: Partial<Chain> = {}): Chain =>
  testChain(id, name, { flags: { evm: false, bitcoin: false, non_evm: true }, native_currency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, ...over });
