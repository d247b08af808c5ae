import { describe, expect, it } from 'vitest';
import { base58Decode, base58Encode, isSolanaAddress } from './base58';

describe('base58', () => {
  it('encodes the known vectors', () => {
    expect(base58Encode(new TextEncoder().encode('Hello World!'))).toBe('2NEpo7TZRRrLZSi2U');
    expect(base58Encode(new Uint8Array([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))).toBe('11233QC4');
    expect(base58Encode(new Uint8Array(32))).toBe('11111111111111111111111111111111');
    expect(base58Encode(new Uint8Array())).toBe('');
  });

  it('decodes what it encodes, leading zeros included', () => {
    const bytes = new Uint8Array([0, 0, 1, 2, 3, 250, 255, 0]);
    expect(Array.from(base58Decode(base58Encode(bytes)) ?? [])).toEqual(Array.from(bytes));
  });

  it('rejects characters outside the alphabet', () => {
    expect(base58Decode('0OIl')).toBeNull();
    expect(base58Decode('abc+')).toBeNull();
  });

  it('accepts only 32-byte Solana addresses', () => {
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true); // the System program
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).toBe(true);
    expect(isSolanaAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D')).toBe(false); // 31 bytes
    expect(isSolanaAddress('0x1234567890123456789012345678901234567890')).toBe(false);
    expect(isSolanaAddress('2NEpo7TZRRrLZSi2U')).toBe(false);
  });
});
