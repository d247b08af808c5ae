/**
 * The faucet chains of the state: the profile's, except that a devnet started with --chains (the
 * C++ suites run the core four) pays a faucet whose chain it does not run on Base (8453), where
 * the Ink faucets paid before Ink ran on the devnet; never a chain no node serves.
 */
export function runFaucetChains(faucetChains, runIds, fallback = 8453) {
  const run = new Set(runIds);
  return Object.fromEntries(
    Object.entries(faucetChains).flatMap(([slug, id]) => (run.has(id) ? [[slug, id]] : run.has(fallback) ? [[slug, fallback]] : [])),
  );
}
