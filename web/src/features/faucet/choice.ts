import type { Faucet, FaucetSlug } from '@/api/faucet';

/**
 * The faucet a page starts on: the page's own (`preferred`) when this deployment offers it, else the
 * first one it offers, so that nobody lands on a faucet that can only say "Unavailable"; the
 * preferred one when none is offered (its reason is then shown).
 */
export function defaultFaucet(offered: readonly Pick<Faucet, 'slug' | 'available'>[], preferred: FaucetSlug): FaucetSlug {
  if (offered.some((f) => f.slug === preferred && f.available)) return preferred;
  return offered.find((f) => f.available)?.slug ?? preferred;
}
