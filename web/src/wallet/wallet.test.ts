import { describe, expect, it } from 'vitest';
import type { Chain } from '@/api/types';
import { evmChains, firstRpcUrl, pollingIntervalMs, toViemChain } from './chains';
import { connectErrorNotice, connectorNotFoundMessage, notInstalledMessage, USER_REJECTED } from './errors';
import { chainsKey, createWalletConfig } from './runtime';
import { shouldAutoReconnect } from './store';

const chain = (over: Partial<Chain>): Chain =>
  ({
    chain_id: 1,
    chain_name: 'Ethereum',
    alias_name: 'Ethereum Mainnet',
    is_testnet: false,
    flags: { evm: true, bitcoin: false, non_evm: false },
    disabled: false,
    order: 1,
    native_currency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpc_urls: ['http://127.0.0.1:8845'],
    block_explorers: [{ name: 'Etherscan', url: 'https://etherscan.io' }],
    explorer_url: 'https://etherscan.io',
    ...over,
  }) as Chain;

describe('wallet chains', () => {
  it('maps a server chain to a viem chain (alias name, currency, rpc, explorer)', () => {
    const c = toViemChain(chain({}));
    expect(c).toMatchObject({
      id: 1,
      name: 'Ethereum Mainnet',
      nativeCurrency: { symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['http://127.0.0.1:8845'] }, public: { http: ['http://127.0.0.1:8845'] } },
      blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
    });
    expect(firstRpcUrl(c)).toBe('http://127.0.0.1:8845');
  });

  it('keeps only enabled EVM chains', () => {
    const list = [chain({}), chain({ chain_id: 999706684, flags: { evm: false, bitcoin: true, non_evm: true } }), chain({ chain_id: 5, disabled: true })];
    expect(evmChains(list).map((c) => c.id)).toEqual([1]);
  });

  it('builds a wagmi config only with at least one EVM chain', () => {
    expect(createWalletConfig([])).toBeNull();
    const chains = evmChains([chain({}), chain({ chain_id: 8453, rpc_urls: ['http://127.0.0.1:8846'] })]);
    const config = createWalletConfig(chains);
    expect(config?.chains.map((c) => c.id)).toEqual([1, 8453]);
    expect(chainsKey(chains)).toBe('1@http://127.0.0.1:8845,8453@http://127.0.0.1:8846');
  });

  it("polls each chain's receipts at its own block time from the chain config, not wagmi's 4 s default", () => {
    const chains = evmChains([
      chain({ block_time_ms: 12_000 }),
      chain({ chain_id: 8453, block_time_ms: 2000 }),
      chain({ chain_id: 42161, block_time_ms: 250 }),
      chain({ chain_id: 1868, block_time_ms: 1000 }),
      chain({ chain_id: 10 }),
    ]);
    const config = createWalletConfig(chains);
    const poll = (chainId: number) => config?.getClient({ chainId }).pollingInterval;
    expect(poll(1)).toBe(4000);
    expect(poll(8453)).toBe(1000);
    expect(poll(42161)).toBe(500);
    expect(poll(1868)).toBe(500);
    // No block time in the config: a fast chain is assumed (a 1 s devnet or rollup confirms in a block or two).
    expect(poll(10)).toBe(500);
    expect(toViemChain(chain({ block_time_ms: 2000 })).blockTime).toBe(2000);
    expect(pollingIntervalMs(Number.NaN)).toBe(500);
    expect(pollingIntervalMs(60_000)).toBe(4000);
  });
});

describe('wallet errors and reconnect rules', () => {
  it('maps connect failures to the catalogue', () => {
    expect(connectErrorNotice(Object.assign(new Error('User rejected the request.'), { code: 4001 }), 'X')).toEqual({
      level: 'warning',
      message: USER_REJECTED,
      reset: true,
    });
    expect(connectErrorNotice({ name: 'ProviderNotFoundError', message: 'Provider not found.' }, 'MetaMask')?.message).toBe(
      'Error: Please install MetaMask first.',
    );
    expect(notInstalledMessage('OKX Wallet')).toBe('Error: Please install OKX Wallet first.');
    expect(connectErrorNotice({ name: 'ConnectorNotFoundError', message: 'Connector not found.' }, 'Rabby')).toEqual({
      level: 'error',
      message: connectorNotFoundMessage('Rabby'),
      reset: true,
      tutorial: true,
    });
    expect(connectErrorNotice(new Error('boom'), 'X')?.tutorial).toBeUndefined();
    expect(connectorNotFoundMessage('Rabby')).toBe(
      'Rabby may conflict with other wallets, or it may not be installed. To resolve this issue, please disable other wallets or install Rabby.',
    );
    expect(connectErrorNotice({ code: -32002, message: 'pending' }, 'X')).toMatchObject({ message: 'Requested resource not available.', reset: false });
    expect(connectErrorNotice(new Error('boom'), 'X')).toMatchObject({ level: 'error', message: 'boom', reset: true });
  });

  it('reconnects a remembered wallet except imToken', () => {
    expect(shouldAutoReconnect({ connected: true, walletId: 'io.metamask', walletName: 'MetaMask' })).toBe(true);
    expect(shouldAutoReconnect({ connected: true, walletId: 'im.token.app', walletName: 'imToken' })).toBe(false);
    expect(shouldAutoReconnect({ connected: false, walletId: 'io.metamask', walletName: 'MetaMask' })).toBe(false);
    expect(shouldAutoReconnect({ connected: true, walletId: '', walletName: '' })).toBe(false);
  });
});
