import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { explorerChain } from '@/test/chains';
import { mockApi, ok, type MockHandler } from '@/test/mockApi';
import { renderInRouter } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { BridgeCard } from './BridgeCard';

const CHAINS = [explorerChain(8453, 'Base', ''), explorerChain(42161, 'Arbitrum One', '')];

/** The deployment's routes, as its server answers GET app-config: ETH with other limits than the repository's file. */
const served = testAppConfig({
  routes: testAppConfig().routes.map((r) => (r.token === 'ETH' ? { ...r, min: '0.25', max: '3' } : r)),
});

function renderCard(appConfig: MockHandler) {
  mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/app-config': appConfig });
  useBridgeForm.setState({ fromChainId: 8453, toChainId: 42161, token: 'ETH' });
  return renderInRouter(<BridgeCard title="Bridge" />);
}

beforeEach(() => {
  resetStores();
  useBridgeForm.getState().reset();
});

describe('BridgeCard on the served routes', () => {
  it("names the deployment's limits, not the build's", async () => {
    renderCard(() => ok(served));
    await waitFor(() => expect(screen.getByTestId('bridge-limits')).toHaveTextContent('Min 0.25 · Max 3 ETH'));
    expect(screen.queryByTestId('app-config-loading')).toBeNull();
  });

  it('says the routes are loading until the server answers', async () => {
    let answer: (v: ReturnType<typeof ok>) => void = () => {};
    renderCard(() => new Promise((resolve) => (answer = resolve)));
    expect(await screen.findByTestId('app-config-loading')).toHaveTextContent("Loading this bridge's routes…");
    expect(screen.queryByTestId('bridge-limits')).toBeNull();
    answer(ok(served));
    await waitFor(() => expect(screen.getByTestId('bridge-limits')).toHaveTextContent('Min 0.25'));
  });

  it('says when the routes could not be loaded, and Retry loads them', async () => {
    let fail = true;
    renderCard(() => (fail ? { status: 502, body: { code: 502, msg: 'bad gateway', data: null } } : ok(served)));
    expect(await screen.findByTestId('app-config-error')).toHaveTextContent("This bridge's routes could not be loaded.");
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('bridge-limits')).toHaveTextContent('Min 0.25 · Max 3 ETH'));
    expect(screen.queryByTestId('app-config-error')).toBeNull();
  });
});
