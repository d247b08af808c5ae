import type { Lookup, LookupKind } from '@/api/query';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const ORDER_KEY = /^\d{1,18}:0x[0-9a-fA-F]{64}:\d{1,18}$/;

/** What the box holds, as the server will read it (server/src/bridge/lookup.cpp); null for anything else. */
export function lookupKind(text: string): LookupKind | null {
  const q = text.trim();
  if (ADDRESS.test(q)) return 'address';
  if (HASH.test(q)) return 'tx_hash';
  if (ORDER_KEY.test(q)) return 'order_key';
  return null;
}

/** Nothing matched: no order and, for an address, no points and no check-in. */
export function isNothingFound(l: Lookup): boolean {
  return l.orders.length === 0 && (l.points?.total ?? 0) === 0 && (l.checkins?.length ?? 0) === 0;
}
