import { BOOST_TIERS } from '@/lib/config';

/** Index of the tier whose multiplier equals `multiplier` (as the points summary reports it), or -1. */
export function tierForMultiplier(multiplier: number | undefined): number {
  if (!multiplier) return -1;
  return BOOST_TIERS.findIndex((t) => Math.abs(t.multiplier - multiplier) < 1e-9);
}
