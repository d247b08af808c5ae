import { describe, expect, it } from 'vitest';
import { explorerChain } from '@/test/chains';
import { chainExplorer, isLocalChain, withoutLocalExplorer } from './explorer';

describe('explorer links', () => {
  it('a chain served from this machine is a devnet: no public explorer link', () => {
    const devnet = explorerChain(8453, 'Base', 'https://basescan.org', { rpc_urls: ['http://127.0.0.1:8646'] });
    expect(isLocalChain(devnet)).toBe(true);
    expect(isLocalChain({ rpc_urls: ['http://localhost:8545', 'http://[::1]:8545'] })).toBe(true);
    expect(chainExplorer(withoutLocalExplorer(devnet))).toBe('');
  });
  it('a public chain keeps the explorer its config names', () => {
    const base = explorerChain(8453, 'Base', 'https://basescan.org', { rpc_urls: ['https://mainnet.base.org', 'http://127.0.0.1:8646'] });
    expect(isLocalChain(base)).toBe(false);
    expect(isLocalChain({ rpc_urls: [] })).toBe(false);
    expect(chainExplorer(withoutLocalExplorer(base))).toBe('https://basescan.org');
  });
});
