// Bridges with the SDK from a private-key account and prints each state:
//   PERCH_URL=http://127.0.0.1:8080 RPC_URL=http://127.0.0.1:8546 PRIVATE_KEY=0x... \
//   FROM_CHAIN=8453 TO_CHAIN=42161 TOKEN=ETH AMOUNT=0.01 node examples/bridge.mjs
// (after `npm run build`; in an application, import from '@perch/sdk').
import { createWalletClient, defineChain, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { bridgeAndWait, PerchClient } from '../dist/index.js';

const env = (name, fallback) => {
  const v = process.env[name] ?? fallback;
  if (v === undefined) throw new Error(`set ${name}`);
  return v;
};

const fromChainId = Number(env('FROM_CHAIN', '8453'));
const chain = defineChain({
  id: fromChainId,
  name: `chain ${fromChainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [env('RPC_URL')] } },
});
const wallet = createWalletClient({ account: privateKeyToAccount(env('PRIVATE_KEY')), chain, transport: http() });
const client = new PerchClient({ baseUrl: env('PERCH_URL', 'http://127.0.0.1:8080') });

const order = await bridgeAndWait(
  {
    client,
    wallet,
    fromChainId,
    toChainId: Number(env('TO_CHAIN', '42161')),
    token: env('TOKEN', 'ETH'),
    amount: env('AMOUNT', '0.01'),
  },
  (s) => {
    if (s.step === 'quoted') console.log(`quoted: receive ${s.quote.receive_amount} ${s.quote.token}, fee ${s.quote.bridge_fee}, dtc ${s.quote.dtc}`);
    else if (s.step === 'approved' || s.step === 'deposited') console.log(`${s.step}: ${s.hash}`);
    else if (s.step === 'order') console.log(`order: ${s.order ? s.order.state : 'not seen yet'}`);
  },
);
console.log(JSON.stringify({ state: order.state, receive_amount: order.receive_amount, dst_tx_hash: order.dst_tx_hash }));
process.exit(order.state === 'completed' ? 0 : 1);
