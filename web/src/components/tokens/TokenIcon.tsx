import { NetworkIcon } from '@/components/NetworkIcon';

/** Token SVGs the app ships (web/public/icons/tokens, from @web3icons/core). */
const SHIPPED = new Set(['bnb', 'btc', 'dai', 'eth', 'usdc', 'usdt', 'wbtc', 'wsteth']);

/** The server's logo, else the shipped icon for the symbol, else none (a lettered dot). */
export function tokenIconUrl(token: { symbol: string; logo_url?: string | null }): string | undefined {
  if (token.logo_url) return token.logo_url;
  const key = token.symbol.toLowerCase();
  return SHIPPED.has(key) ? `/icons/tokens/${key}.svg` : undefined;
}

export function TokenIcon({ token }: { token: { symbol: string; logo_url?: string | null } }) {
  return <NetworkIcon name={token.symbol} icon={tokenIconUrl(token)} />;
}
