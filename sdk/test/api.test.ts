import { readFile } from 'node:fs/promises';
import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { PerchApiError } from '../src/index.js';
// @ts-expect-error: a plain .mjs module without types
import { TYPES_FILE, typesOf } from '../scripts/generate.mjs';
import { PERCH_URL, client } from './env.js';

const doc = async () => (await (await fetch(`${PERCH_URL}/api/openapi.json`)).json()) as {
  paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
};

describe('the OpenAPI document of the running perch', () => {
  it('is a valid OpenAPI 3 document', async () => {
    const result = await validate((await doc()) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every route with a success and error responses, and the bridge calls with their parameters', async () => {
    const { paths } = await doc();
    const ops = Object.values(paths).flatMap((item) => Object.values(item));
    expect(ops.length).toBeGreaterThan(20);
    for (const op of ops) expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '429', '500']));
    const quote = paths['/api/bridge_api/v1/quote']?.get;
    expect(quote?.parameters.map((p) => p.name)).toEqual(['from_chain_id', 'to_chain_id', 'token', 'amount', 'channel', 'to_token', 'slippage_bps']);
    expect(Object.keys(quote?.responses ?? {})).toContain('400');
  });

  it('generates exactly the committed src/generated/openapi.ts (run npm run gen when this fails)', async () => {
    expect(await typesOf(await doc())).toBe(await readFile(TYPES_FILE, 'utf8'));
  });
});

describe('PerchClient', () => {
  it('lists the devnet chains and their tokens', async () => {
    const chains = await client.chains();
    expect(chains.map((c) => c.chain_id)).toEqual(expect.arrayContaining([1, 8453, 42161]));
    const tokens = await client.tokens();
    expect(tokens.some((t) => t.symbol === 'USDC' && t.chainId === 8453)).toBe(true);
  });

  it('quotes with the configured fee and rejects a bad amount with a typed error', async () => {
    const q = await client.quote({ from_chain_id: 8453, to_chain_id: 42161, token: 'ETH', amount: '0.1' });
    expect(q.bridge_fee_bps).toBe(10); // config/routes.json: ETH up to 0.5 → 10 bps
    expect(Number(q.receive_amount)).toBeCloseTo(0.1 - 0.0001 - 0.00005, 10);
    const err = await client.quote({ from_chain_id: 8453, to_chain_id: 42161, token: 'ETH', amount: 'lots' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PerchApiError);
    expect((err as PerchApiError).code).toBe(400);
  });
});
