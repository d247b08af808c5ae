import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import BridgePage from '@/pages/BridgePage';
import { testChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useWalletStore } from '@/wallet/store';
import { useBridgeForm } from '@/state/bridgeFormStore';
import type { AppConfig } from '@/api/appConfig';
import { testAppConfig } from '@/test/appConfig';

const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const ETH_ROUTE = testAppConfig().routes.find((r) => r.token === 'ETH')!;
/** ETH between Ethereum, Base and Arbitrum only: BOB has no route here. */
const NO_BOB = testAppConfig({ routes: [{ ...ETH_ROUTE, chains: [1, 8453, 42161] }], cross_routes: [] });
const CHAINS = [testChain(1, 'Ethereum'), testChain(8453, 'Base'), testChain(42161, 'Arbitrum One'), testChain(60808, 'BOB')];

function renderAt(path: string, config?: AppConfig) {
  mockApi({
    '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
    '/api/bridge_api/v1/all-tokens': () => ok({ list: [] }),
    ...(config ? { '/api/bridge_api/v1/app-config': () => ok(config) } : {}),
  });
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

  it('a wallet on a network this deployment does not bridge from (BOB) leaves From to the user', async () => {
    renderAt('/', NO_BOB);
    // The deployment's routes have loaded: the From list knows BOB has none.
    await waitFor(() => expect(screen.queryByTestId('app-config-loading')).toBeNull());
    act(() => useWalletStore.getState().setConnected(USER, 60808));
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

  it('an old link /?to=<a network without a route> leaves To unchosen and says why; opening the To picker clears the notice', async () => {
    renderAt('/?to=60808', NO_BOB);
    const notice = await screen.findByTestId('preset-refused-to');
    expect(notice).toHaveTextContent("This bridge has no route to BOB. The link's network was left unchosen: pick one that can be bridged.");
    expect(notice).toHaveAttribute('data-reason', 'noRouteTo');
    expect(toButton()).toHaveAccessibleName('To: Select Network');
    expect(useBridgeForm.getState().toChainId).toBeNull();
    await userEvent.setup().click(toButton());
    // The picker itself shows the network disabled with the same reason.
    expect(await screen.findByTestId('network-reason-60808')).toHaveTextContent('This bridge has no route to BOB.');
    expect(screen.queryByTestId('preset-refused-to')).toBeNull();
  });

  it('/?from=<a network without a route>&to=42161 keeps the reachable To and leaves From unchosen, the wallet\'s chain (with a route) takes From, and the notice stays', async () => {
    act(() => useWalletStore.getState().setConnected(USER, 1));
    renderAt('/?from=60808&to=42161', NO_BOB);
    expect(await screen.findByTestId('preset-refused-from')).toHaveTextContent('This bridge has no route from BOB.');
    await waitFor(() => expect(toButton()).toHaveAccessibleName('To: Arbitrum One'));
    // The wallet's own chain is a From with a route: it may take the place the link left empty.
    await waitFor(() => expect(fromButton()).toHaveAccessibleName('From: Ethereum'));
    expect(useBridgeForm.getState().fromChainId).toBe(1);
    expect(screen.getByTestId('preset-refused-from')).toHaveTextContent('This bridge has no route from BOB.');
  });

  it('/?from=8453&to=42161 with a wallet on Ethereum: the link\'s From wins over the wallet\'s chain once the routes are known', async () => {
    act(() => useWalletStore.getState().setConnected(USER, 1));
    renderAt('/?from=8453&to=42161', NO_BOB);
    await waitFor(() => expect(fromButton()).toHaveAccessibleName('From: Base'));
    expect(toButton()).toHaveAccessibleName('To: Arbitrum One');
    expect(screen.queryByTestId('preset-refused-from')).toBeNull();
    expect(screen.queryByTestId('preset-refused-to')).toBeNull();
  });
});
