import { describe, expect, it } from 'vitest';
import { mockApi, notFound, ok } from '@/test/mockApi';
import { getAddressNames, NAME_CHAIN_IDS, preferredName } from './names';

const USER = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

describe('address names through the server', () => {
  it('asks for the address on the name-service chains (1, 42161, 56, 169) and keeps the usable answers', async () => {
    const asked: URL[] = [];
    mockApi({
      '/api/name_api/v1/names': (url) => (
        asked.push(url),
        ok({ names: [{ chain_id: 42161, name: 'vit.arb' }, { chain_id: 1, name: 'vitalik.eth' }, { chain_id: 56, name: '' }] })
      ),
    });
    const names = await getAddressNames(USER);
    expect(asked[0]?.searchParams.get('address')).toBe(USER);
    expect(asked[0]?.searchParams.get('chain_ids')).toBe('1,42161,56,169');
    expect(names).toEqual([
      { chain_id: 42161, name: 'vit.arb' },
      { chain_id: 1, name: 'vitalik.eth' },
    ]);
    // Ethereum's ENS name wins over the others.
    expect(preferredName(names, NAME_CHAIN_IDS)).toBe('vitalik.eth');
    expect(preferredName([{ chain_id: 169, name: 'x.manta' }])).toBe('x.manta');
    expect(preferredName([])).toBeNull();
  });

  it('a server without the lookup (404) means no name, not an error', async () => {
    mockApi({ '/api/name_api/v1/names': () => notFound() });
    expect(await getAddressNames(USER)).toEqual([]);
  });

  it('other failures are errors', async () => {
    mockApi({ '/api/name_api/v1/names': () => ({ status: 500, body: { code: 500, msg: 'down', data: null } }) });
    await expect(getAddressNames(USER)).rejects.toThrow();
  });
});
