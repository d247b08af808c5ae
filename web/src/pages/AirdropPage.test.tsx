import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';

const A = `0x${'a'.repeat(40)}`;

describe('airdrop checker pages', () => {
  it.each([
    ['/strkairdrop', 'Starknet Airdrop', 'strk'],
    ['/taikodrop', 'Taiko Airdrop', 'taiko'],
    ['/blastdrop', 'Blast Airdrop', 'blast'],
    ['/zkairdrop', 'zkSync Airdrop', 'zk'],
    ['/layerzero-airdrop', 'LayerZero Airdrop Checker', 'layerzero'],
  ])('%s queries its own allocation set', async (path, title, campaign) => {
    const asked: string[] = [];
    mockApi({
      '/api/lottery/maker/*': (url) => {
        asked.push(url.pathname);
        return ok([{ address: A, value: 42 }], 200);
      },
    });
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Addresses'), A);
    await user.click(screen.getByRole('button', { name: 'Query' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByText('42').length).toBeGreaterThan(0);
    expect(asked).toEqual([`/api/lottery/maker/${campaign}/drop`]);
    // The bridge recommendations are there to claim gas on the network.
    expect(screen.getByText('Bridge to claim gas')).toBeInTheDocument();
  });
});
