import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaucetClaims } from '@/features/faucet/FaucetClaims';
import { explorerChain, testChain } from '@/test/chains';
import { TxHash, TxLink } from './TxLink';

const HASH = `0x${'ab'.repeat(32)}`;

describe('TxHash', () => {
  it('links to the explorer page and names the hash in data-tx-hash', () => {
    render(<TxHash url={`https://basescan.org/tx/${HASH}`} hash={HASH} label="Swap transaction" />);
    const link = screen.getByRole('link', { name: 'Swap transaction' });
    expect(link).toHaveAttribute('href', `https://basescan.org/tx/${HASH}`);
    expect(link).toHaveAttribute('data-tx-hash', HASH);
  });

  it('without an explorer shows the shortened hash and a copy button, no link', () => {
    const { container } = render(<TxHash url="" hash={HASH} label="Swap transaction" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector(`[data-tx-hash="${HASH}"]`)).not.toBeNull();
    expect(screen.getByText('0xabab...abab')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy transaction hash/ })).toBeInTheDocument();
    // Lists find a transaction by its label: the labelled element is the one naming the hash.
    expect(screen.getByLabelText('Swap transaction')).toHaveAttribute('data-hash', HASH);
  });
});

describe('TxLink on a chain without an explorer (a devnet, explorer_url "")', () => {
  it('never links to another network explorer', () => {
    const { container } = render(<TxLink chains={[explorerChain(8453, 'Base (devnet)', '', { block_explorers: [] })]} chainId={8453} hash={HASH} label="Sent" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('[data-tx-hash]')).toHaveAttribute('data-tx-hash', HASH);
  });
});

describe('FaucetClaims', () => {
  const claim = { id: 1, slug: 'eth', chain_id: 1, address: '0x1', amount: '1000000000000000', status: 'done', queue_position: 0, tx_hash: HASH, error: '', created_at: 1, updated_at: 1 } as const;
  const faucets = new Map([['eth', { name: 'ETH faucet', symbol: 'ETH', decimals: 18 }]]);

  it('shows a sent claim hash with copy where the chain has no explorer', () => {
    render(<FaucetClaims claims={[claim]} chains={new Map([[1, testChain(1, 'Ethereum (devnet)', { explorer_url: '', block_explorers: [] })]])} faucets={faucets} />);
    const row = screen.getByTestId('faucet-claim-1');
    expect(within(row).queryByRole('link')).toBeNull();
    expect(row.querySelector('[data-tx-hash]')).toHaveAttribute('data-tx-hash', HASH);
    expect(within(row).getByRole('button', { name: /Copy transaction hash/ })).toBeInTheDocument();
  });
});
