import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { useWalletStore } from '@/wallet/store';

const ME = `0x${'b2'.repeat(20)}`;

describe('event pages', () => {
  it('/owlmazing shows its window, rules and final leaderboard, the wallet marked', async () => {
    useWalletStore.getState().setConnected(ME, 1);
    const asked: string[] = [];
    mockApi({
      '/api/campaign_api/v1/events/*': (url) => {
        asked.push(url.pathname);
        return ok({
          name: 'owlmazing',
          title: 'Owlmazing Summer',
          start_time: 1717200000,
          end_time: 1725148799,
          ended: true,
          rules: ['Bridge, check in and complete summer tasks to earn points.'],
          leaderboard: [
            { rank: 1, address: ME, points: 12500 },
            { rank: 2, address: `0x${'a1'.repeat(20)}`, points: 170 },
          ],
        });
      },
    });
    renderApp('/owlmazing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Owlmazing Summer' })).toBeInTheDocument();
    expect(await screen.findByText('From 2024-06-01 to 2024-08-31 (UTC)')).toBeInTheDocument();
    expect(screen.getByText('This event has ended. Thanks to everyone who took part.')).toBeInTheDocument();
    expect(screen.getByText('Bridge, check in and complete summer tasks to earn points.')).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
    expect(rows[1]).toHaveTextContent('12,500');
    expect(rows[1]).toHaveTextContent('(you)');
    expect(rows[2]).not.toHaveAttribute('aria-current');
    expect(asked).toEqual(['/api/campaign_api/v1/events/owlmazing']);
  });

  it('says so when nobody earned points in the window', async () => {
    mockApi({
      '/api/campaign_api/v1/events/*': () =>
        ok({ name: 'owlympics', title: 'Metaverse Owlympics', start_time: 1721952000, end_time: 1723420799, ended: true, rules: [], leaderboard: [] }),
    });
    renderApp('/owlympics');
    expect(await screen.findByText('No wallet earned points during this event.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
