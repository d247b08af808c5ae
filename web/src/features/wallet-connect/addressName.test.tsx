import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import '@/i18n';
import { mockApi, notFound, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { ConnectedWalletCard } from './ConnectedWalletCard';
import { ConnectWalletButton } from './ConnectWalletButton';
import { addressLabel } from './useAddressName';

const USER = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';

function renderWithQuery(ui: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

const card = (
  <ConnectedWalletCard kind="evm" address={USER} walletName="MetaMask" networkName="Ethereum" chainId={1} balance={{ isLoading: false, isError: false }} onDisconnect={() => undefined} />
);

beforeEach(() => {
  resetStores();
  useWalletStore.getState().setConnected(USER, 1);
});

describe('a name for the address', () => {
  it('reads as the name cut to 8 characters, else as the shortened address', () => {
    expect(addressLabel(USER, 'vitalik.eth')).toBe('vitalik....');
    expect(addressLabel(USER, 'abc.eth')).toBe('abc.eth');
    expect(addressLabel(USER, null)).toBe('0xd8dA...6045');
    expect(addressLabel(USER, null, 9, 11)).toBe('0xd8dA6BF...5D37aA96045');
  });

  it('the header chip and the wallet card show the ENS name the server resolved', async () => {
    mockApi({ '/api/name_api/v1/names': () => ok({ names: [{ chain_id: 1, name: 'vitalik.eth' }] }) });
    renderWithQuery(
      <>
        <ConnectWalletButton />
        {card}
      </>,
    );
    expect(await screen.findByRole('button', { name: 'vitalik....' })).toHaveAttribute('title', expect.stringContaining('vitalik.eth'));
    const name = await screen.findByTestId('wallet-card-name');
    expect(name).toHaveTextContent('vitalik....');
    expect(name).toHaveAttribute('title', 'vitalik.eth');
    expect(screen.getByTestId('wallet-card-address')).toHaveTextContent('0xd8dA6BF...5D37aA96045');
  });

  it('without a name (or without the lookup) the shortened address, as before', async () => {
    const calls = mockApi({ '/api/name_api/v1/names': () => notFound() });
    renderWithQuery(
      <>
        <ConnectWalletButton />
        {card}
      </>,
    );
    await screen.findByTestId('wallet-card-address');
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.mock.calls.some(([u]) => String(u).includes('name_api/v1/names'))).toBe(true);
    expect(screen.getByTestId('connect-wallet')).toHaveTextContent('0xd8dA...6045');
    expect(screen.queryByTestId('wallet-card-name')).toBeNull();
  });
});
