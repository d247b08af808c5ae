import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { verifyFirmQuote, type FirmQuote } from '../src/index.js';
import { account, client } from './env.js';

/** The devnet's quote key (devnet/quote-signer.key): the signer an integrator would pin. */
const QUOTE_KEY = readFileSync(fileURLToPath(new URL('../../devnet/quote-signer.key', import.meta.url)), 'utf8').trim();
const SIGNER = privateKeyToAccount(QUOTE_KEY as `0x${string}`).address;
const SOLANA = 83797601;
const SOL_RECIPIENT = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

describe('firm quotes (cross-asset routes)', () => {
  it('build_tx of ETH -> SOL names a firm quote whose EIP-712 signature verifies offline; a tampered one does not', async () => {
    const built = await client.buildTx({
      from_chain_id: 42161, to_chain_id: SOLANA, token: 'ETH', amount: '0.004',
      sender: account.address, recipient: SOL_RECIPIENT,
    });
    const firm = (built.quote as { firm_quote?: FirmQuote | null }).firm_quote;
    if (!firm) throw new Error('build_tx of a cross-asset route gave no firm quote');
    expect(firm.signer).toBe(SIGNER);
    const m = firm.typed_data.message;
    expect(m.recipient).toBe(SOL_RECIPIENT);
    expect(m.receiveToken).toBe('SOL');
    expect(firm.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(100);
    expect(await verifyFirmQuote(firm, SIGNER)).toBe(true);

    const more = { ...firm, typed_data: { ...firm.typed_data, message: { ...m, receiveAmount: String(BigInt(m.receiveAmount) * 2n) } } };
    expect(await verifyFirmQuote(more, SIGNER)).toBe(false);
    const elsewhere = { ...firm, typed_data: { ...firm.typed_data, message: { ...m, recipient: '11111111111111111111111111111111' } } };
    expect(await verifyFirmQuote(elsewhere, SIGNER)).toBe(false);
    // Signed by anyone else than the pinned key: refused, whatever `signer` the quote claims.
    expect(await verifyFirmQuote(firm, account.address)).toBe(false);
  });
});
