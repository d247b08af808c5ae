import { describe, expect, it } from 'vitest';
import { maskString, SHORTEN_WALLET_CARD, shortenAddress, shortenDomain } from './string';

const ADDR = '0x1234567890abcdef1234567890abcdef12345678';

describe('maskString', () => {
  it('shows the first 6, ****, the last 4', () => {
    expect(maskString(ADDR)).toBe('0x1234****5678');
    expect(maskString('abcdefghijk')).toBe('abcdef****hijk');
  });
  it('leaves short strings alone', () => {
    expect(maskString('short')).toBe('short');
  });
});

describe('shortenAddress', () => {
  it('defaults to the first 6 and last 4', () => {
    expect(shortenAddress(ADDR)).toBe('0x1234...5678');
  });
  it('wallet card uses 9 and 11', () => {
    expect(shortenAddress(ADDR, SHORTEN_WALLET_CARD.head, SHORTEN_WALLET_CARD.tail)).toBe('0x1234567...def12345678');
    expect(shortenAddress(ADDR, 9, 11)).toBe(`${ADDR.slice(0, 9)}...${ADDR.slice(-11)}`);
  });
  it('handles empty and short values', () => {
    expect(shortenAddress('')).toBe('');
    expect(shortenAddress('0x12')).toBe('0x12');
  });
});

describe('shortenDomain', () => {
  it('cuts names to 8 characters', () => {
    expect(shortenDomain('vitalik.eth')).toBe('vitalik....');
    expect(shortenDomain('abcdefghij')).toBe('abcdefgh...');
    expect(shortenDomain('short.id')).toBe('short.id');
  });
});
