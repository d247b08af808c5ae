import { expect } from 'vitest';

/** Checks a function against a table of [input, expected output] rows; a failing row names its input. */
export function expectOutputs<I, O>(fn: (input: I) => O, rows: readonly (readonly [I, O])[]): void {
  for (const [input, want] of rows) expect(fn(input), `input ${String(input)}`).toBe(want);
}
