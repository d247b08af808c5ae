import { decodeEventLog, toEventSelector, type Abi, type Hex } from 'viem';

/**
 * The executor's `Swapped(sender, recipient, tokenIn, tokenOut, amountIn, amountOut)` event
 * (docs/swap.md). Which parameters are indexed is not written down: the number of topics says how
 * many, and indexed parameters are taken to be the leading addresses, so every such layout decodes.
 */
export const SWAPPED_SIGNATURE = 'Swapped(address,address,address,address,uint256,uint256)';
export const SWAPPED_TOPIC = toEventSelector(SWAPPED_SIGNATURE);

const PARAMS = [
  ['sender', 'address'],
  ['recipient', 'address'],
  ['tokenIn', 'address'],
  ['tokenOut', 'address'],
  ['amountIn', 'uint256'],
  ['amountOut', 'uint256'],
] as const;

const abiFor = (indexed: number): Abi => [
  { type: 'event', name: 'Swapped', inputs: PARAMS.map(([name, type], i) => ({ name, type, indexed: i < indexed })) },
];

export interface ReceiptLog {
  address: string;
  topics: readonly Hex[];
  data: Hex;
}

export interface SwappedEvent {
  sender: string;
  recipient: string;
  tokenIn: string;
  tokenOut: string;
  amountIn: bigint;
  amountOut: bigint;
}

/** The executor's Swapped event in a receipt's logs, or null when there is none it can read. */
export function decodeSwapped(logs: readonly ReceiptLog[], executor: string): SwappedEvent | null {
  for (const log of logs) {
    if (log.address.toLowerCase() !== executor.toLowerCase() || log.topics[0]?.toLowerCase() !== SWAPPED_TOPIC) continue;
    const indexed = log.topics.length - 1;
    if (indexed > 3) continue;
    try {
      const { args } = decodeEventLog({ abi: abiFor(indexed), data: log.data, topics: log.topics as [Hex, ...Hex[]], strict: true });
      return args as unknown as SwappedEvent;
    } catch {
      // Not the layout we read: look further.
    }
  }
  return null;
}
