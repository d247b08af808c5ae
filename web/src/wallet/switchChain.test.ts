import { describe, expect, it } from 'vitest';
import type { Chain } from '@/api/types';
import { toViemChain } from './chains';
import { addChainParams, isUnknownChainError, SWITCH_PENDING_MESSAGE, switchEvmChain, toHexChainId, type Eip1193Like } from './switchChain';

const base = toViemChain({
  chain_id: 8453,
  chain_name: 'Base',
  alias_name: 'Base',
  is_testnet: false,
  explorer_url: 'https://basescan.org',
  network_code: 1,
  popular_item_list: [],
  icon: '',
  flags: { evm: true, bitcoin: false, non_evm: false },
  disabled: false,
  order: 3,
  searchText: 'base',
  native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpc_urls: ['http://127.0.0.1:8846', 'https://mainnet.base.org'],
  block_explorers: [{ name: 'Basescan', url: 'https://basescan.org' }],
} satisfies Chain);

interface Call {
  method: string;
  params?: unknown;
}

/** A fake EIP-1193 provider: answers wallet_* calls from a script of outcomes. */
function fakeProvider(outcomes: Record<string, (unknown | Error)[]>): Eip1193Like & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    request: async ({ method, params }) => {
      calls.push({ method, params });
      const next = outcomes[method]?.shift();
      if (next instanceof Error || (next && typeof next === 'object' && 'code' in next)) throw next;
      return next ?? null;
    },
  };
}

const rpcError = (code: number, message = 'x', extra: object = {}) => Object.assign(new Error(message), { code }, extra);

describe('switchEvmChain', () => {
  it('requests wallet_switchEthereumChain with the hex chain id', async () => {
    const p = fakeProvider({});
    await switchEvmChain(p, base);
    expect(p.calls).toEqual([{ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x2105' }] }]);
  });

  it.each([
    ['4902', rpcError(4902, 'Unrecognized chain ID')],
    ['5000', rpcError(5000)],
    ['original-error 4902', rpcError(-32603, 'internal', { data: { originalError: { code: 4902 } } })],
    ['an Unrecognized chain message', new Error('Unrecognized chain ID "0x2105". Try adding the chain using wallet_addEthereumChain first.')],
  ])('adds the chain then switches again on %s', async (_name, err) => {
    const p = fakeProvider({ wallet_switchEthereumChain: [err, null] });
    await switchEvmChain(p, base);
    expect(p.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_switchEthereumChain']);
    expect(p.calls[1]?.params).toEqual([
      {
        chainId: '0x2105',
        chainName: 'Base',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8846'],
        blockExplorerUrls: ['https://basescan.org'],
      },
    ]);
  });

  it('throws the wallet message on 4001 without adding', async () => {
    const p = fakeProvider({ wallet_switchEthereumChain: [rpcError(4001, 'User rejected the request.')] });
    await expect(switchEvmChain(p, base)).rejects.toMatchObject({ message: 'User rejected the request.', code: 4001 });
    expect(p.calls).toHaveLength(1);
  });

  it('explains a pending request (-32002)', async () => {
    const p = fakeProvider({ wallet_switchEthereumChain: [rpcError(-32002, 'Request already pending')] });
    await expect(switchEvmChain(p, base)).rejects.toThrow(SWITCH_PENDING_MESSAGE);
  });

  it('rethrows other errors and failures while adding', async () => {
    await expect(switchEvmChain(fakeProvider({ wallet_switchEthereumChain: [rpcError(-32603, 'boom')] }), base)).rejects.toThrow('boom');
    const p = fakeProvider({ wallet_switchEthereumChain: [rpcError(4902)], wallet_addEthereumChain: [rpcError(4001, 'User rejected the request.')] });
    await expect(switchEvmChain(p, base)).rejects.toThrow('User rejected the request.');
    expect(p.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain', 'wallet_addEthereumChain']);
  });

  it('helpers', () => {
    expect(toHexChainId(1)).toBe('0x1');
    expect(toHexChainId(42161)).toBe('0xa4b1');
    expect(isUnknownChainError({ cause: { code: 4902 } })).toBe(true);
    expect(isUnknownChainError(rpcError(4001))).toBe(false);
    expect(addChainParams({ ...base, blockExplorers: undefined }).blockExplorerUrls).toEqual([]);
  });
});
