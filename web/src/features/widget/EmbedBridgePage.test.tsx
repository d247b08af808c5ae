import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { explorerChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { useBridgeForm } from '@/state/bridgeFormStore';

const CHAINS = [explorerChain(1, 'Ethereum', ''), explorerChain(8453, 'Base', ''), explorerChain(42161, 'Arbitrum One', '')];

beforeEach(() => {
  resetStores();
  useBridgeForm.getState().reset();
});

describe('/embed/bridge (the iframe page)', () => {
  it('shows the card alone, in the asked theme, with the networks of the address', async () => {
    mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }) });
    const { container } = renderApp('/embed/bridge?theme=light&from=8453&to=42161&tokens=USDC');
    expect(await screen.findByTestId('perch-widget', {}, { timeout: 10_000 })).toHaveAttribute('data-theme', 'light');
    expect(await screen.findByRole('button', { name: 'From: Base' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'To: Arbitrum One' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('bridge-limits')).toHaveTextContent(/USDC$/));
    // No header, navigation or footer around it.
    expect(container.querySelector('header')).toBeNull();
    expect(container.querySelector('footer')).toBeNull();
  });

  it('says what is wrong with the address instead of a card', async () => {
    mockApi();
    renderApp('/embed/bridge?channel=abc');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('The bridge widget cannot start: channel: a positive integer');
    expect(screen.queryByTestId('perch-widget')).toBeNull();
  });
});
