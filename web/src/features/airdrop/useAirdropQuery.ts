import { useCallback, useRef, useState } from 'react';
import { queryLayerZeroDrop } from '@/api/endpoints';
import { logger } from '@/lib/logger';
import { runBatches, validateAirdropInput, type AirdropInputError, type AirdropRow } from './validation';

export type AirdropError = AirdropInputError | 'network';

/** Query → loading (further clicks ignored) → Query. */
export function useAirdropQuery(query: (batch: string[]) => Promise<AirdropRow[]> = queryLayerZeroDrop) {
  const [rows, setRows] = useState<AirdropRow[]>([]);
  const [error, setError] = useState<AirdropError | null>(null);
  const [loading, setLoading] = useState(false);
  const busy = useRef(false);

  const run = useCallback(
    async (text: string) => {
      if (busy.current) return;
      const v = validateAirdropInput(text);
      if (!v.ok) {
        setError(v.error);
        return;
      }
      busy.current = true;
      setLoading(true);
      setError(null);
      setRows([]);
      try {
        await runBatches(v.addresses, query, setRows);
      } catch (err) {
        logger.warn('airdrop batch failed', err);
        setError('network');
      } finally {
        busy.current = false;
        setLoading(false);
      }
    },
    [query],
  );

  return { rows, error, loading, run };
}
