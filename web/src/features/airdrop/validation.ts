import { ADDRESS_LENGTH, AIRDROP_BATCH_SIZE } from '@/lib/config';

export type AirdropInputError = 'empty' | 'badAddress';

export type AirdropValidation = { ok: true; addresses: string[] } | { ok: false; error: AirdropInputError };

/** One address per line; surrounding whitespace and blank lines are ignored. */
export function parseAddressLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/** Empty input → 'empty' ('Please enter the address.'); any line whose length is not 42 → 'badAddress' ('address error.'). */
export function validateAirdropInput(text: string): AirdropValidation {
  const addresses = parseAddressLines(text);
  if (addresses.length === 0) return { ok: false, error: 'empty' };
  if (addresses.some((a) => a.length !== ADDRESS_LENGTH)) return { ok: false, error: 'badAddress' };
  return { ok: true, addresses };
}

/** Splits into batches of at most `size` (default 5). */
export function chunk<T>(items: readonly T[], size = AIRDROP_BATCH_SIZE): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface AirdropRow {
  address: string;
  value: number;
}

export function sumValues(rows: readonly AirdropRow[]): number {
  return rows.reduce((acc, r) => acc + (Number.isFinite(r.value) ? r.value : 0), 0);
}

/**
 * Queries batches one after another; `onBatch` receives the rows so far. A failing batch stops
 * the rest and rejects (shown as 'Network congestion.').
 */
export async function runBatches(
  addresses: readonly string[],
  query: (batch: string[]) => Promise<AirdropRow[]>,
  onBatch: (rows: AirdropRow[]) => void,
): Promise<AirdropRow[]> {
  const rows: AirdropRow[] = [];
  for (const batch of chunk(addresses)) {
    const res = await query(batch);
    rows.push(...res.map((r) => ({ address: r.address, value: Number(r.value) })));
    onBatch([...rows]);
  }
  return rows;
}

/** Bridge recommendation buttons: destination presets. */
export const BRIDGE_RECOMMENDATIONS = [
  { name: 'zkSync', chainId: 324 },
  { name: 'Scroll', chainId: 534352 },
  { name: 'Linea', chainId: 59144 },
  { name: 'Taiko', chainId: 167000 },
] as const;
