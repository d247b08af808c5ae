/**
 * Test double of a browser wallet extension for vitest: an EIP-1193 provider (a plain object with
 * request/on/removeListener) announced through EIP-6963 events.
 */
export interface FakeWallet {
  provider: {
    request(args: { method: string; params?: unknown }): Promise<unknown>;
    on(event: string, fn: (p: unknown) => void): unknown;
    removeListener(event: string, fn: (p: unknown) => void): unknown;
  };
  calls: string[];
  chainId: number;
  /** Makes the next call of `method` fail with this error. */
  failNext(method: string, error: unknown): void;
  emit(event: string, payload: unknown): void;
  remove(): void;
}

export function announceFakeWallet(opts: { name: string; rdns: string; account: string; chainId: number; knownChains?: number[] }): FakeWallet {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const failures = new Map<string, unknown>();
  let authorized = false;
  const calls: string[] = [];
  const wallet: FakeWallet = {
    calls,
    chainId: opts.chainId,
    provider: {
      async request({ method, params }) {
        calls.push(method);
        if (failures.has(method)) {
          const err = failures.get(method);
          failures.delete(method);
          throw err;
        }
        switch (method) {
          case 'eth_requestAccounts':
            authorized = true;
            return [opts.account];
          case 'wallet_requestPermissions':
            authorized = true;
            return [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: [opts.account] }] }];
          case 'eth_accounts':
            return authorized ? [opts.account] : [];
          case 'eth_chainId':
            return `0x${wallet.chainId.toString(16)}`;
          case 'wallet_revokePermissions':
            authorized = false;
            return null;
          case 'wallet_switchEthereumChain': {
            const id = parseInt(String((params as { chainId: string }[])[0]?.chainId), 16);
            if (opts.knownChains && !opts.knownChains.includes(id)) throw Object.assign(new Error('Unrecognized chain'), { code: 4902 });
            wallet.chainId = id;
            wallet.emit('chainChanged', `0x${id.toString(16)}`);
            return null;
          }
          case 'wallet_addEthereumChain':
            opts.knownChains?.push(parseInt(String((params as { chainId: string }[])[0]?.chainId), 16));
            return null;
          default:
            throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
        }
      },
      on(event, fn) {
        let set = listeners.get(event);
        if (!set) listeners.set(event, (set = new Set()));
        set.add(fn);
        return wallet.provider;
      },
      removeListener(event, fn) {
        listeners.get(event)?.delete(fn);
        return wallet.provider;
      },
    },
    failNext(method, error) {
      failures.set(method, error);
    },
    emit(event, payload) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
    remove() {
      window.removeEventListener('eip6963:requestProvider', announce);
    },
  };
  const detail = Object.freeze({
    info: { uuid: `00000000-0000-4000-8000-${opts.rdns.length.toString().padStart(12, '0')}`, name: opts.name, icon: 'data:image/svg+xml,<svg/>', rdns: opts.rdns },
    provider: wallet.provider,
  });
  function announce(): void {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  }
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  return wallet;
}
