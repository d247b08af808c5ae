import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { mockApi, ok } from '@/test/mockApi';
import { AirdropQuery } from './AirdropQuery';
import type { AirdropRow } from './validation';

const A = `0x${'a'.repeat(40)}`;
const B = `0x${'b'.repeat(40)}`;

/** A deployment whose ETH route reaches zkSync, Scroll and Linea, not Taiko. */
const CONFIG = testAppConfig({
  routes: [{ token: 'ETH', decimals: 18, chains: [1, 8453, 324, 534352, 59144], enabled: true, min: '0.001', max: '5', fee_tiers: [], dtc: {}, expected_seconds: {} }],
  cross_routes: [],
});

beforeEach(() => {
  mockApi({ '/api/bridge_api/v1/app-config': () => ok(CONFIG) });
});

function setup(query: (batch: string[]) => Promise<AirdropRow[]>) {
  const router = createMemoryRouter([{ path: '*', element: <AirdropQuery query={query} /> }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router };
}

describe('AirdropQuery', () => {
  it('validates before querying', async () => {
    const query = vi.fn(async () => []);
    const { user } = setup(query);
    await user.click(screen.getByRole('button', { name: 'Query' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the address.');
    await user.type(screen.getByLabelText('Addresses'), '0x1234');
    await user.click(screen.getByRole('button', { name: 'Query' }));
    expect(screen.getByRole('alert')).toHaveTextContent('address error.');
    expect(query).not.toHaveBeenCalled();
  });

  it('shows loading, ignores clicks while loading, then lists values (0 red) and the total', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const query = vi.fn(async (batch: string[]) => {
      await gate;
      return batch.map((address) => ({ address, value: address === A ? 0 : 12.5 }));
    });
    const { user } = setup(query);
    await user.type(screen.getByLabelText('Addresses'), `${A}\n${B}`);
    await user.click(screen.getByRole('button', { name: 'Query' }));
    const busy = screen.getByRole('button', { name: 'loading' });
    await user.click(busy);
    await user.click(busy);
    expect(query).toHaveBeenCalledTimes(1);
    release();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Query' })).toBeInTheDocument());
    expect(screen.getByText('0')).toHaveClass('text-bad');
    expect(screen.getAllByText('12.5')[0]).toHaveClass('text-good');
    expect(screen.getByTestId('airdrop-total')).toHaveTextContent('12.5');
  });

  it('shows "Network congestion." when a batch fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = setup(async () => {
      throw new Error('down');
    });
    await user.type(screen.getByLabelText('Addresses'), A);
    await user.click(screen.getByRole('button', { name: 'Query' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network congestion.');
  });

  it('has four bridge recommendation buttons that preset the destination', async () => {
    const { user, router } = setup(async () => []);
    for (const name of ['zkSync', 'Scroll', 'Linea', 'Taiko']) expect(screen.getByRole('button', { name: `Bridge to ${name}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bridge to Scroll' }));
    expect(router.state.location.search).toBe('?to=534352');
  });

  it("a network this deployment does not bridge to: its button is disabled with the reason, not a way to a refusal", async () => {
    const { user, router } = setup(async () => []);
    const taiko = screen.getByRole('button', { name: 'Bridge to Taiko' });
    await waitFor(() => expect(taiko).toBeDisabled());
    expect(screen.getByTestId('bridge-to-reason-167000')).toHaveTextContent('This bridge has no route to Taiko.');
    expect(taiko).toHaveAccessibleDescription('This bridge has no route to Taiko.');
    await user.click(taiko);
    expect(router.state.location.search).toBe('');
    for (const name of ['zkSync', 'Scroll', 'Linea']) expect(screen.getByRole('button', { name: `Bridge to ${name}` })).toBeEnabled();
  });
});
