import { describe, expect, it } from 'vitest';
import { defaultFaucet } from './choice';

describe('defaultFaucet', () => {
  it("keeps the page's faucet when it is offered", () => {
    expect(defaultFaucet([{ slug: 'ip', available: true }, { slug: 'ink', available: true }], 'ink')).toBe('ink');
  });

  it('starts on the first offered faucet when the preferred one is not offered here', () => {
    expect(defaultFaucet([{ slug: 'ink', available: false }, { slug: 'ip', available: false }, { slug: 'monad', available: true }], 'ink')).toBe('monad');
  });

  it('falls back to the preferred one when none is offered, or while the list loads', () => {
    expect(defaultFaucet([{ slug: 'ink', available: false }], 'ink')).toBe('ink');
    expect(defaultFaucet([], 'ink')).toBe('ink');
  });
});
