/** Business constants. The deployment's own settings (routes, Pool allow-list, channels) come from the server: api/appConfig. */

export const MAIN_CHANNEL_ID = 98675412;

export const BLOCKED_COUNTRIES = ['CU', 'IR', 'KP', 'SY', 'RU', 'CN'] as const;

/** Chain ids the network list leaves out even when the server lists them. */
export const HIDDEN_CHAIN_IDS = [61022, 8086] as const;

export const AIRDROP_BATCH_SIZE = 5;
export const ADDRESS_LENGTH = 42;

export const DEFAULT_SLIPPAGE = 5 / 100;
export const POINTS_ANIMATION_MS = 1500;
export const NARROW_WINDOW_PX = 768;

export const REQUEST_TIMEOUT_MS = 20_000;
export const LONG_REQUEST_TIMEOUT_MS = 60_000;

/** Point boost tiers (Phase 2 bridges after 12/6/2023). */
export const BOOST_TIERS = [
  { bridges: 3, multiplier: 1.1 },
  { bridges: 10, multiplier: 1.2 },
  { bridges: 50, multiplier: 1.3 },
  { bridges: 100, multiplier: 1.5 },
] as const;

export function isBlockedCountry(code: string | null | undefined): boolean {
  return !!code && (BLOCKED_COUNTRIES as readonly string[]).includes(code.toUpperCase());
}

/** External links used by the footer and the More panel. */
export const LINKS = {
  docs: '/docs',
  apiSdk: '/docs/api',
  brandKit: '/docs/brand-kit',
  audit: '/docs/audit',
  /** How to resolve wallet extensions fighting over the page (when the chosen connector is not found). */
  walletTutorial: '/docs/wallet-conflicts.html',
  twitter: 'https://x.com/perch_bridge',
  discord: 'https://discord.gg/perch',
  telegram: 'https://t.me/perch_bridge',
  github: 'https://github.com/perch-bridge',
  support: 'https://t.me/perch_support',
} as const;
