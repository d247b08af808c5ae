import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath } from './qr';

describe('QR code', () => {
  it('encodes a WalletConnect pairing URI as a square matrix with the three finder patterns', async () => {
    const uri = `wc:${'a'.repeat(64)}@2?relay-protocol=irn&symKey=${'b'.repeat(64)}&expiryTimestamp=1764201600`;
    const m = await qrMatrix(uri);
    const n = m.length;
    expect(n).toBeGreaterThanOrEqual(41); // 160+ bytes at level M need version 6 or more
    expect((n - 17) % 4).toBe(0);
    for (const row of m) expect(row).toHaveLength(n);
    // A finder pattern: a dark 7x7 ring, a light ring inside it, a dark 3x3 centre.
    const finder = (r0: number, c0: number): boolean[] => [m[r0]?.[c0], m[r0 + 1]?.[c0 + 1], m[r0 + 3]?.[c0 + 3], m[r0 + 6]?.[c0 + 6]].map(Boolean);
    expect(finder(0, 0)).toEqual([true, false, true, true]);
    expect(finder(0, n - 7)).toEqual([true, false, true, true]);
    expect(finder(n - 7, 0)).toEqual([true, false, true, true]);
    // Another text gives another code.
    expect(await qrMatrix(uri.replace('a', 'c'))).not.toEqual(m);
  });

  it('draws one unit square per dark module, offset by the margin', () => {
    expect(
      qrPath(
        [
          [true, false],
          [false, true],
        ],
        2,
      ),
    ).toBe('M2 2h1v1h-1zM3 3h1v1h-1z');
    expect(qrPath([[false]])).toBe('');
  });
});
