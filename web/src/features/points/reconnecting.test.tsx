import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { resetWalletRuntime } from '@/wallet/runtime';
import { useWalletStore } from '@/wallet/store';

// A returning visitor whose remembered wallet is being reconnected must not see the logged-out
// page around the header's "Reconnecting…": not the visitor's points pill, not "Connect a wallet to
// see your history".

const RDNS = 'test.fake.wallet';
const CHAINS = [testChain(1, 'Ethereum', { rpc_urls: ['http://127.0.0.1:1/1'] }), testChain(8453, 'Base', { rpc_urls: ['http://127.0.0.1:1/8453'] })];

beforeEach(() => resetStores());
afterEach(() => resetWalletRuntime());

describe('while a remembered wallet reconnects', () => {
  it('the points pill and the history page stay neutral, then show the logged-out state once the wallet turns out to be gone', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }),
      '/api/config/user-action': () => ok(null),
      '/api/campaign_api/v1/*': () => ok({}),
    });
    useWalletStore.setState({ connected: true, walletId: RDNS, walletName: 'Fake Wallet' });
    renderApp('/history');
    const pill = screen.getByTestId('points-badge');
    expect(pill).toHaveAttribute('data-state', 'reconnecting');
    expect(pill).toHaveAttribute('aria-busy', 'true');
    expect(pill).not.toHaveTextContent('loading');
    expect(pill).toHaveAccessibleName('My points: Reconnecting…');
    expect(await screen.findByText('Reconnecting your wallet…')).toBeInTheDocument();
    expect(screen.queryByText('Connect a wallet to see your history.')).toBeNull();
    // No wallet answers (it is not in the page): after the attempt, the visitor's views.
    await waitFor(() => expect(screen.getByText('Connect a wallet to see your history.')).toBeInTheDocument(), { timeout: 10_000 });
    expect(screen.getByTestId('points-badge')).not.toHaveAttribute('data-state');
  }, 15_000);
});
