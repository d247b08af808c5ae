import { useEffect, useRef } from 'react';

/** Runs `reset` when the wallet at `address` disconnects (the address goes from set to ''): a card's form starts over. */
export function useResetOnDisconnect(address: string, reset: () => void): void {
  const previous = useRef(address);
  const latestReset = useRef(reset);
  latestReset.current = reset;
  useEffect(() => {
    if (previous.current && !address) latestReset.current();
    previous.current = address;
  }, [address]);
}
