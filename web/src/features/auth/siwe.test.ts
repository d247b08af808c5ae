import { describe, expect, it } from 'vitest';
import { siweMessage } from './siwe';

describe('EIP-4361 message', () => {
  it('lays out the fields in the standard order', () => {
    const text = siweMessage({
      domain: '127.0.0.1:8780',
      address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
      statement: 'Sign in to Perch.',
      uri: 'http://127.0.0.1:8780',
      chainId: 1868,
      nonce: 'abc12345',
      issuedAt: new Date('2026-11-22T09:00:00Z'),
      expirationTime: new Date('2026-11-23T09:00:00Z'),
    });
    expect(text).toBe(
      [
        '127.0.0.1:8780 wants you to sign in with your Ethereum account:',
        '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
        '',
        'Sign in to Perch.',
        '',
        'URI: http://127.0.0.1:8780',
        'Version: 1',
        'Chain ID: 1868',
        'Nonce: abc12345',
        'Issued At: 2026-11-22T09:00:00.000Z',
        'Expiration Time: 2026-11-23T09:00:00.000Z',
      ].join('\n'),
    );
  });

  it('omits the statement block when there is none', () => {
    const text = siweMessage({ domain: 'd', address: '0x1', uri: 'http://d', chainId: 1, nonce: 'n', issuedAt: new Date(0) });
    expect(text.split('\n').slice(0, 4)).toEqual(['d wants you to sign in with your Ethereum account:', '0x1', '', 'URI: http://d']);
  });
});
