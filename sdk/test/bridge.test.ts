import { describe, expect, it } from 'vitest';
import { bridge, isFinal, type BridgeState } from '../src/index.js';
import { account, client, state, tokenBalance, walletOn } from './env.js';

const FROM = 8453;
const TO = 42161;

describe('bridge() against the test perch and devnet', () => {
  it('the devnet lists the sdk account among its funded users', () => {
    expect(state.accounts.users.map((u) => u.toLowerCase())).toContain(account.address.toLowerCase());
  });

  it('bridges USDC with a private-key account: approve, deposit, completed, balances moved', async () => {
    const tokens = await client.tokens();
    const usdc = (chainId: number) => {
      const t = tokens.find((x) => x.symbol === 'USDC' && x.chainId === chainId);
      if (!t) throw new Error(`no USDC on ${chainId} in the catalog`);
      return t.address;
    };
    const srcBefore = await tokenBalance(FROM, usdc(FROM), account.address);
    const dstBefore = await tokenBalance(TO, usdc(TO), account.address);

    const states: BridgeState[] = [];
    for await (const s of bridge({ client, wallet: walletOn(FROM), fromChainId: FROM, toChainId: TO, token: 'USDC', amount: '25' })) {
      states.push(s);
    }
    const steps = states.map((s) => s.step);
    expect(steps.slice(0, 4)).toEqual(['quoted', 'built', 'approved', 'deposited']);
    const last = states.at(-1);
    if (last?.step !== 'order' || !last.order) throw new Error(`ended on ${JSON.stringify(last)}`);
    const order = last.order;
    expect(order.state).toBe('completed');
    expect(isFinal(order.state)).toBe(true);
    expect(order.dst_tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(order.amount).toBe('25000000');
    // Every state the stream showed is one the order went through.
    const seen = states.flatMap((s) => (s.step === 'order' && s.order ? [s.order.state] : []));
    expect(seen.at(-1)).toBe('completed');

    expect(srcBefore - (await tokenBalance(FROM, usdc(FROM), account.address))).toBe(25_000_000n);
    expect((await tokenBalance(TO, usdc(TO), account.address)) - dstBefore).toBe(BigInt(order.receive_amount));
    const quote = states[0]?.step === 'quoted' ? states[0].quote : null;
    expect(BigInt(order.receive_amount)).toBe(BigInt(Math.round(Number(quote?.receive_amount) * 1e6)));

    // The order is in the account's history and readable by hash.
    const history = await client.history({ address: account.address, page: 1, size: 10 });
    expect(history.list.map((o) => o.src_tx_hash)).toContain(order.src_tx_hash);
    expect((await client.order(FROM, order.src_tx_hash))?.state).toBe('completed');
  }, 180_000);
});
