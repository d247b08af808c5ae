import type { EcosystemProject } from '@/api/types';

export interface DirectoryFilter {
  /** Free text, matched against name, text and category (case-insensitive). */
  query: string;
  /** A category, or '' for all. */
  category: string;
  /** A chain id, or null for all. */
  chainId: number | null;
}

export const NO_FILTER: DirectoryFilter = { query: '', category: '', chainId: null };

/** The projects that pass every part of the filter, in directory order. */
export function filterProjects(projects: readonly EcosystemProject[], f: DirectoryFilter): EcosystemProject[] {
  const words = f.query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return projects.filter((p) => {
    if (f.category && p.category !== f.category) return false;
    if (f.chainId !== null && !p.networks.includes(f.chainId)) return false;
    const haystack = `${p.name} ${p.text} ${p.category}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
}

/** Every chain id some project runs on, most projects first (ties by id, so the order is stable). */
export function directoryNetworks(projects: readonly EcosystemProject[]): number[] {
  const counts = new Map<number, number>();
  for (const p of projects) for (const id of p.networks) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
}
