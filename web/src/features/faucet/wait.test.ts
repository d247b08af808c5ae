import { describe, expect, it } from 'vitest';
import { anyPending, waitCause, waitParts } from './wait';

describe('waitParts', () => {
  it('is null once the wait is over', () => {
    expect(waitParts(0)).toBeNull();
    expect(waitParts(-5)).toBeNull();
  });
  it('rounds minutes up', () => {
    expect(waitParts(1)).toEqual({ hours: 0, minutes: 1 });
    expect(waitParts(60)).toEqual({ hours: 0, minutes: 1 });
    expect(waitParts(61)).toEqual({ hours: 0, minutes: 2 });
    expect(waitParts(86_399)).toEqual({ hours: 24, minutes: 0 });
    expect(waitParts(23 * 3600 + 59 * 60)).toEqual({ hours: 23, minutes: 59 });
  });
});

describe('anyPending', () => {
  it('is true while a claim is queued or sent', () => {
    expect(anyPending([])).toBe(false);
    expect(anyPending(['done', 'failed'])).toBe(false);
    expect(anyPending(['done', 'queued'])).toBe(true);
    expect(anyPending(['sent'])).toBe(true);
  });
});

describe('waitCause', () => {
  const now = 1_800_000_000;
  it('the wallet waits for its own recent claim of that faucet', () => {
    expect(waitCause('ink', [{ slug: 'ink', status: 'done', tx_hash: '0x1', created_at: now - 3600 }], 24, now)).toBe('wallet');
    expect(waitCause('ink', undefined, 24, now)).toBe('wallet');
  });
  it('with none of its own (another faucet, an old or a failed claim), the wait is the connection\'s', () => {
    expect(waitCause('ink', [], 24, now)).toBe('connection');
    expect(waitCause('ink', [{ slug: 'ink-usdc', status: 'done', tx_hash: '0x1', created_at: now - 60 }], 24, now)).toBe('connection');
    expect(waitCause('ink', [{ slug: 'ink', status: 'done', tx_hash: '0x1', created_at: now - 25 * 3600 }], 24, now)).toBe('connection');
    expect(waitCause('ink', [{ slug: 'ink', status: 'failed', tx_hash: '', created_at: now - 60 }], 24, now)).toBe('connection');
    expect(waitCause('ink', [{ slug: 'ink', status: 'failed', tx_hash: '0x2', created_at: now - 60 }], 24, now)).toBe('wallet');
  });
});
