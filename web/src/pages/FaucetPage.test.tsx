import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Faucet } from '@/api/faucet';
import { mockApi, ok } from '@/test/mockApi';
import { renderInRouter } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import FaucetPage from './FaucetPage';

const faucet = (slug: string, name: string, chain_id: number, over: Partial<Faucet> = {}): Faucet => ({
  slug,
  name,
  chain_id,
  symbol: 'ETH',
  decimals: 18,
  token: '',
  amount: '0.05',
  available: true,
  unavailable_reason: '',
  empty: false,
  wait_seconds: 0,
  ...over,
});

beforeEach(() => resetStores());

describe('FaucetPage', () => {
  it('a faucet this deployment cannot run is disabled in the choice with the reason, and the page starts on one it runs', async () => {
    const list = [
      faucet('ink', 'Ink Sepolia', 763373, { available: false, unavailable_reason: 'This server cannot reach Ink Sepolia.' }),
      faucet('ip', 'Story Aeneid', 1315, { symbol: 'IP' }),
      faucet('monad', 'Monad Testnet', 10143, { symbol: 'MON' }),
    ];
    mockApi({ '/api/faucet_api/v1/faucets': () => ok({ faucet_address: '0x0000000000000000000000000000000000000001', window_hours: 24, list }) });
    renderInRouter(<FaucetPage kind="all" />);
    const select = await screen.findByLabelText('Faucet', { selector: 'select' });
    const ink = screen.getByRole('option', { name: 'Ink Sepolia (not offered here)' });
    expect(ink).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Story Aeneid' })).toBeEnabled();
    await waitFor(() => expect(select).toHaveValue('ip'));
    expect(screen.getByTestId('faucet-summary')).toHaveTextContent('Story Aeneid');
  });
});
