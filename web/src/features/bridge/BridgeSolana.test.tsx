import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Chain } from '@/api/types';
import { mockApi, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { connectOption, disconnectEcosystem } from '@/wallet/ecosystems/registry';
import { useWalletStore } from '@/wallet/store';
import { BridgeCard } from './BridgeCard';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { solanaChain, testChain } from '@/test/chains';
import { registerFakePhantom } from '@/test/fakePhantom';
import { testAppConfig } from '@/test/appConfig';
import { setSolanaCluster } from '@/wallet/ecosystems/solanaCluster';

const EVM = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const SOL_USER = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV';

const chain = (id: number, name: string, evm: boolean): Chain =>
  evm ? testChain(id, name, { native_currency: { name, symbol: 'ETH', decimals: 18 } }) : solanaChain(id, name, { native_currency: { name, symbol: 'SOL', decimals: 9 } });

const registerPhantom = () => registerFakePhantom(SOL_USER);

let phantom: ReturnType<typeof registerPhantom>;
beforeEach(() => {
  resetStores();
  useBridgeForm.getState().reset();
  phantom = registerPhantom();
});
afterEach(async () => {
  setSolanaCluster('solana:mainnet');
  await disconnectEcosystem('solana');
  phantom.unregister();
});

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <BridgeCard title="Bridge" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('BridgeCard with a Solana source', () => {
  it("the Solana wallet sends build_tx's solana_tx through solana:signAndSendTransaction; the tracker follows the signature", async () => {
    const builds: Record<string, unknown>[] = [];
    const fetchMock = mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [chain(8453, 'Base', true), chain(83797601, 'Solana', false)] }),
      '/api/bridge_api/v1/all-tokens': () => ok({ list: [] }),
      '/api/balance': (url) => ok({ e18: '0', value: url.searchParams.get('token') === 'USDC' ? '10000.5' : '100', decimals: 6 }),
      '/api/bridge_api/v1/quote': (url) =>
        ok({
          from_chain_id: 83797601,
          to_chain_id: 8453,
          token: 'USDC',
          decimals: 6,
          send_amount: url.searchParams.get('amount'),
          bridge_fee: '0.025',
          bridge_fee_bps: 10,
          dtc: '0.2',
          receive_amount: '24.775',
          receive_token: 'USDC',
          receive_decimals: 6,
          min: '1',
          max: '10000',
          expected_seconds: 15,
          expires_at: 2_000_000_000,
        }),
      '/api/bridge_api/v1/build_tx': (_url, init) => {
        builds.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        return ok({ quote: { decimals: 6, send_amount: '25', receive_amount: '24.775', receive_token: 'USDC' }, approve: null, deposit: null, solana_tx: 'AQIDBA==' });
      },
      '/api/bridge_api/v1/order': () => ok(null),
      // A deployment on Solana's devnet cluster: the wallet is asked to send there, whatever the build.
      '/api/bridge_api/v1/app-config': () => ok(testAppConfig({ solana: { chain_id: 83797601, cluster: 'solana:devnet', rpc_url: '', usdc_mint: '' } })),
    });
    useWalletStore.getState().setConnected(EVM, 8453);
    expect(await connectOption('phantom')).toMatchObject({ ok: true });
    useBridgeForm.setState({ fromChainId: 83797601, toChainId: 8453, token: 'USDC' });
    renderCard();
    // The source balance is the Solana wallet's, read by the server for 83797601.
    await waitFor(() => expect(screen.getByTestId('bridge-balance')).toHaveTextContent('Balance: 10000.5 USDC'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '25');
    // No chain switch for Solana; the EVM wallet is the default recipient.
    await waitFor(() => expect(screen.getByTestId('bridge-send')).toHaveAttribute('data-state', 'bridge'));
    expect(screen.getByTestId('quote-receive')).toHaveTextContent('24.775 USDC');
    await user.click(screen.getByTestId('bridge-send'));
    await screen.findByTestId('bridge-tracker');
    expect(builds).toEqual([expect.objectContaining({ from_chain_id: 83797601, to_chain_id: 8453, token: 'USDC', amount: '25', sender: SOL_USER, recipient: EVM })]);
    expect(Array.from(phantom.sent[0] ?? [])).toEqual([1, 2, 3, 4]);
    expect(phantom.sentChains).toEqual(['solana:devnet']);
    // The tracker asks for the order by the base58 signature on chain 83797601.
    await waitFor(() => {
      const orders = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/order'));
      expect(orders[0]?.searchParams.get('chain_id')).toBe('83797601');
      expect(orders[0]?.searchParams.get('tx_hash')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    });
    const balances = fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.pathname.endsWith('/api/balance'));
    expect(balances[0]?.searchParams.get('address')).toBe(SOL_USER);
  });

  it('without a Solana wallet the button asks to connect; a bad checksum and a non-Solana recipient are refused with their hints', async () => {
    mockApi({
      '/api/bridge_api/v1/get-all-chains': () => ok({ list: [chain(8453, 'Base', true), chain(83797601, 'Solana', false)] }),
      '/api/bridge_api/v1/all-tokens': () => ok({ list: [] }),
      '/api/balance': () => ok({ e18: '0', value: '100', decimals: 9 }),
      '/api/balance_api/v1/multi-balance': () => ok({ '8453': { view_value: '100', status_code: 0, status_message: '' } }),
    });
    useBridgeForm.setState({ fromChainId: 83797601, toChainId: 8453, token: 'USDC' });
    useWalletStore.getState().setConnected(EVM, 8453);
    renderCard();
    // The EVM wallet is connected, but the source is Solana: its wallet is the one missing.
    await waitFor(() => expect(screen.getByTestId('bridge-send')).toHaveAttribute('data-state', 'connectWallet'));
    await connectOption('phantom');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.type(screen.getByLabelText('Recipient'), EVM.replace('C44', 'c44'));
    expect(await screen.findByTestId('recipient-error')).toHaveTextContent('EIP-55');
    expect(screen.getByTestId('bridge-send')).toHaveAttribute('data-state', 'invalidAddress');
    // EVM → Solana: the recipient must be base58 of 32 bytes; the Solana wallet is the default.
    useBridgeForm.setState({ fromChainId: 8453, toChainId: 83797601, token: 'USDC', recipient: 'not-a-solana-address' });
    expect(await screen.findByTestId('recipient-error')).toHaveTextContent('Solana address');
    await user.clear(screen.getByLabelText('Recipient'));
    await waitFor(() => expect(screen.queryByTestId('recipient-error')).toBeNull());
  });
});
