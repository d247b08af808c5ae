import { describe, expect, it } from 'vitest';
import type { EcosystemProject } from '@/api/types';
import { directoryNetworks, filterProjects, NO_FILTER } from './directory';

const P = (name: string, category: string, networks: number[], text = ''): EcosystemProject => ({
  name,
  category,
  networks,
  link: `https://${name.toLowerCase()}.example`,
  text,
});
const ALL = [P('Uniswap', 'DeFi', [1, 8453], 'Swap tokens'), P('Zora', 'NFT', [7777777, 8453], 'Mint and collect'), P('Safe', 'Wallet', [1])];

describe('ecosystem directory', () => {
  it('keeps everything without a filter', () => {
    expect(filterProjects(ALL, NO_FILTER).map((p) => p.name)).toEqual(['Uniswap', 'Zora', 'Safe']);
  });
  it('searches name, text and category, every word, any case', () => {
    expect(filterProjects(ALL, { ...NO_FILTER, query: 'MINT' }).map((p) => p.name)).toEqual(['Zora']);
    expect(filterProjects(ALL, { ...NO_FILTER, query: 'swap defi' }).map((p) => p.name)).toEqual(['Uniswap']);
    expect(filterProjects(ALL, { ...NO_FILTER, query: 'swap nft' })).toEqual([]);
  });
  it('filters by category and by network together', () => {
    expect(filterProjects(ALL, { ...NO_FILTER, chainId: 8453 }).map((p) => p.name)).toEqual(['Uniswap', 'Zora']);
    expect(filterProjects(ALL, { query: '', category: 'NFT', chainId: 8453 }).map((p) => p.name)).toEqual(['Zora']);
    expect(filterProjects(ALL, { query: '', category: 'Wallet', chainId: 8453 })).toEqual([]);
  });
  it('lists networks by how many projects run there', () => {
    expect(directoryNetworks(ALL)).toEqual([1, 8453, 7777777]);
  });
});
