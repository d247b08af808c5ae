import type { Wallet } from '@wallet-standard/base';

/**
 * A Wallet Standard Phantom in the page, registered the way the extension does it (now, and again
 * when the app says it is ready). It connects `address`; `sent` collects the transactions it signed and sent,
 * `sentChains` the Wallet Standard chain each was sent for.
 */
export function registerFakePhantom(address: string) {
  const sent: Uint8Array[] = [];
  const sentChains: string[] = [];
  const account = { address, publicKey: new Uint8Array(32), chains: ['solana:mainnet'], features: [] };
  const wallet = {
    version: '1.0.0',
    name: 'Phantom',
    icon: 'data:image/svg+xml;base64,AA==',
    chains: ['solana:mainnet'],
    accounts: [] as unknown[],
    features: {
      'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
      'standard:disconnect': { version: '1.0.0', disconnect: async () => undefined },
      'standard:events': { version: '1.0.0', on: () => () => undefined },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        signAndSendTransaction: async (input: { transaction: Uint8Array; chain: string }) => {
          sent.push(input.transaction);
          sentChains.push(input.chain);
          return [{ signature: new Uint8Array(64).fill(7) }];
        },
      },
    },
  } as unknown as Wallet;
  let unregister = (): void => undefined;
  const callback = ({ register }: { register: (w: Wallet) => () => void }) => {
    unregister = register(wallet);
  };
  const onAppReady = (e: Event): void => callback((e as CustomEvent<{ register: (w: Wallet) => () => void }>).detail);
  window.addEventListener('wallet-standard:app-ready', onAppReady);
  window.dispatchEvent(Object.assign(new Event('wallet-standard:register-wallet'), { detail: callback }));
  return {
    sent,
    sentChains,
    unregister: () => {
      window.removeEventListener('wallet-standard:app-ready', onAppReady);
      unregister();
    },
  };
}
