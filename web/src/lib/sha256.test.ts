// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexSync } from './sha256';

const VECTORS: [string, string][] = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
];

describe('sha256', () => {
  it.each(VECTORS)('pure implementation: %j', (input, hex) => {
    expect(sha256HexSync(input)).toBe(hex);
  });
  it.each(VECTORS)('crypto.subtle path: %j', async (input, hex) => {
    expect(await sha256Hex(input)).toBe(hex);
  });
  it('agrees on long and non-ASCII input', async () => {
    const text = `${'perch'.repeat(100)}🦉é`;
    expect(sha256HexSync(text)).toBe(await sha256Hex(text));
  });
});
