import { describe, expect, it } from 'vitest';
import { anyPending, waitParts } from './wait';

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
