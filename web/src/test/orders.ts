import type { Order } from '@/api/bridge';

/** The devnet wallet the bridge tests send from (Hardhat account #2). */
export const ORDER_WALLET = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** A bridge order as GET order answers it: 1 ETH from 8453 to 42161, 0.99915 to receive, confirming; tests override what they check. */
export const testOrder = (over: Partial<Order> = {}): Order => ({
  order_key: '8453:0xabc:0',
  src_chain_id: 8453,
  src_tx_hash: '0xabc',
  log_index: 0,
  block_number: 10,
  sender: ORDER_WALLET.toLowerCase(),
  token: 'ETH',
  token_address: '0x0000000000000000000000000000000000000000',
  decimals: 18,
  amount: '1000000000000000000',
  receive_amount: '999150000000000000',
  receive_token: 'ETH',
  receive_decimals: 18,
  fee: '850000000000000',
  dst_chain_id: 42161,
  recipient: ORDER_WALLET.toLowerCase(),
  channel: 98675412,
  confirmations: 1,
  state: 'confirming',
  reason: '',
  dst_tx_hash: '',
  refund_tx_hash: '',
  created_at: 100,
  updated_at: 100,
  timeline: [{ state: 'confirming', at: 100, detail: '' }],
  ...over,
});
