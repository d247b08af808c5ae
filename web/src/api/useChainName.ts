import { useQuery } from '@tanstack/react-query';
import { chainsQuery } from './queries';

/** A chain's name from the catalog, or its id while the catalog loads or when it does not list it. */
export function useChainName(): (id: number) => string {
  const { data: chains } = useQuery(chainsQuery());
  return (id) => chains?.find((c) => c.chain_id === id)?.chain_name ?? String(id);
}
