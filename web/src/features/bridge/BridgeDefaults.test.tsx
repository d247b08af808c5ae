import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import BridgePage from '@/pages/BridgePage';
import { testChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { useBridgeForm } from '@/state/bridgeFormStore';

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const CHAINS = [testChain(1, 'Ethereum'), testChain(8453, 'Base'), testChain(42161, 'Arbitrum One'), testChain(60808, 'BOB')];

function renderAt(path: string) {
  mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/all-tokens': () => ok({ list: [] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/" element={<BridgePage />} />
          <Route path="/network/:name" element={<BridgePage />} />
          <Route path="/dapp/:name" element={<BridgePage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const fromButton = () => screen.getByRole('button', { name: /^From:/ });
const toButton = () => screen.getByRole('button', { name: /^To:/ });

beforeEach(() => {
  resetStores();
  useBridgeForm.getState().reset();
});

describe('bridge card defaults', () => {
  it('After connecting on Base, From is Base', async () => {
    renderAt('/');
    expect(fromButton()).toHaveAccessibleName('From: Select Network');
    act(() => useWalletStore.getState().setConnected(USER, 8453));
    await waitFor(() => expect(fromButton()).toHaveAccessibleName('From: Base'));
    expect(useBridgeForm.getState().fromChainId).toBe(8453);
  });

  it('a wallet on a network this deployment does not bridge from (BSC) leaves From to the user', async () => {
    renderAt('/');
    // The deployment's routes have loaded: the From list knows BSC has none.
    await waitFor(() => expect(screen.queryByTestId('app-config-loading')).toBeNull());
    act(() => useWalletStore.getState().setConnected(USER, 56));
    await new Promise((r) => setTimeout(r, 50));
    expect(useBridgeForm.getState().fromChainId).toBeNull();
    expect(fromButton()).toHaveAccessibleName('From: Select Network');
  });

  it('a From the user chose stays when the wallet connects on another chain', async () => {
    useBridgeForm.getState().setFrom(42161);
    renderAt('/');
    act(() => useWalletStore.getState().setConnected(USER, 8453));
    await waitFor(() => expect(fromButton()).toHaveAccessibleName('From: Arbitrum One'));
    expect(useBridgeForm.getState().fromChainId).toBe(42161);
  });

  it('/?from=8453&to=42161 sets both networks', async () => {
    renderAt('/?from=8453&to=42161');
    await waitFor(() => expect(fromButton()).toHaveAccessibleName('From: Base'));
    expect(toButton()).toHaveAccessibleName('To: Arbitrum One');
  });

  it("/network/bob and /dapp/bob bridge to BOB's chain under a 'BOB Bridge' heading", async () => {
    renderAt('/network/bob');
    await waitFor(() => expect(toButton()).toHaveAccessibleName('To: BOB'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('BOB Bridge');
  });

  it('an unknown partner is the not-found page, not "<slug> Bridge"', async () => {
    renderAt('/dapp/nosuchpartner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByText(/nosuchpartner/i)).toBeNull();
    expect(screen.queryByRole('button', { name: /^From:/ })).toBeNull();
  });
});
