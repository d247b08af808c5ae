import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureApiOrigin } from '@/api/client';
import { explorerChain } from '@/test/chains';
import { mockApi, ok } from '@/test/mockApi';
import { resetStores } from '@/test/resetStores';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { PerchBridge } from './PerchBridge';

const CHAINS = [
  explorerChain(1, 'Ethereum', ''),
  // The server lists its own icons relative to itself.
  explorerChain(8453, 'Base', '', { icon: '/icons/networks/base.svg' }),
  explorerChain(42161, 'Arbitrum One', '', { icon: 'https://cdn.example/arbitrum.svg' }),
];

beforeEach(() => {
  resetStores();
  useBridgeForm.getState().reset();
});
afterEach(() => configureApiOrigin(''));

describe('<PerchBridge>', () => {
  it("renders the app's bridge card on the configured server, networks preset, only the configured routes offered", async () => {
    const fetchMock = mockApi({ '/api/bridge_api/v1/get-all-chains': () => ok({ list: CHAINS }) });
    render(<PerchBridge config={{ apiUrl: 'https://perch.example/', routes: [{ from: 8453, to: 42161 }], tokens: ['ETH'], theme: 'light', defaultFrom: 8453, defaultTo: 42161 }} />);
    const widget = await screen.findByTestId('perch-widget');
    expect(widget).toHaveAttribute('data-theme', 'light');
    expect(await screen.findByRole('button', { name: 'From: Base' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'To: Arbitrum One' })).toBeInTheDocument();
    // Icons relative to the server load from it, not from the partner's page; absolute ones as given.
    expect(screen.getByRole('button', { name: 'From: Base' }).querySelector('img')).toHaveAttribute('src', 'https://perch.example/icons/networks/base.svg');
    expect(screen.getByRole('button', { name: 'To: Arbitrum One' }).querySelector('img')).toHaveAttribute('src', 'https://cdn.example/arbitrum.svg');
    await waitFor(() => expect(screen.getByTestId('bridge-limits')).toHaveTextContent(/ETH$/));
    // Every call went to the configured server.
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(urls.length).toBeGreaterThan(0);
    expect(urls.filter((u) => !u.startsWith('https://perch.example/api/'))).toEqual([]);
    // The network list holds the scope's networks only (Ethereum is served, not configured).
    await userEvent.setup().click(screen.getByRole('button', { name: 'From: Base' }));
    const dialog = await screen.findByRole('dialog', { name: 'From Network' });
    await waitFor(() => expect(within(dialog).getByTestId('network-8453')).toBeInTheDocument());
    expect(within(dialog).queryByTestId('network-1')).toBeNull();
  });

  it('refuses an invalid config with the reasons', () => {
    mockApi();
    const error = console.error;
    console.error = () => undefined;
    try {
      expect(() => render(<PerchBridge config={{ apiUrl: 'perch.example', channel: 0 }} />)).toThrow(
        "PerchBridge: invalid config: apiUrl: the server's http(s) origin; channel: a positive integer",
      );
    } finally {
      console.error = error;
    }
  });
});
