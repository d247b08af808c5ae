import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { testChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { renderInRouter } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import DeployPage from './DeployPage';

const rpc = { rpc_urls: ['http://127.0.0.1:8545'] };
const CHAINS = [testChain(8453, 'Base', rpc), testChain(42161, 'Arbitrum One', rpc), testChain(167000, 'Taiko', rpc), testChain(59144, 'Linea', rpc)];

beforeEach(() => resetStores());

describe('DeployPage', () => {
  it("lists only the networks this deployment can deploy to, and says so", async () => {
    const config = testAppConfig({
      routes: [{ token: 'ETH', decimals: 18, chains: [8453, 42161], enabled: true, min: '0.001', max: '5', fee_tiers: [], dtc: {}, expected_seconds: {} }],
      cross_routes: [],
      checkin: { chain_id: 8453, contract: '0x0000000000000000000000000000000000000000' },
    });
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }), '/api/bridge_api/v1/app-config': () => ok(config) });
    renderInRouter(<DeployPage />);
    await waitFor(() => expect(screen.getByTestId('deploy-network-42161')).toBeInTheDocument());
    expect(screen.getByTestId('deploy-network-8453')).toBeInTheDocument();
    expect(screen.queryByTestId('deploy-network-167000')).toBeNull();
    expect(screen.queryByTestId('deploy-network-59144')).toBeNull();
    expect(screen.getByTestId('deploy-networks-note')).toHaveTextContent('Only the networks this deployment runs are listed.');
  });
});
