import { getAddress, verifyTypedData, type Address, type Hex } from 'viem';

/** build_tx's `quote.firm_quote` on a cross-asset route (docs/solana.md "Firm quotes"). */
export interface FirmQuote {
  id: string;
  expires_at: number;
  /** The quote key's address as the server says it; verify against the one you pinned. */
  signer: string;
  signature: string;
  typed_data: { domain: Record<string, string>; types: Record<string, unknown>; primaryType: string; message: QuoteMessage };
}

/** The signed fields, numbers as decimal strings. */
export interface QuoteMessage {
  id: string;
  fromChainId: string;
  toChainId: string;
  token: string;
  amount: string;
  recipient: string;
  receiveToken: string;
  receiveAmount: string;
  channel: string;
  expiresAt: string;
}

/** The EIP-712 domain and type of every firm quote (docs/solana.md "Firm quotes"). */
export const QUOTE_DOMAIN = { name: 'Perch Quote', version: '1' } as const;
export const QUOTE_TYPES = {
  Quote: [
    { name: 'id', type: 'string' },
    { name: 'fromChainId', type: 'uint256' },
    { name: 'toChainId', type: 'uint256' },
    { name: 'token', type: 'string' },
    { name: 'amount', type: 'uint256' },
    { name: 'recipient', type: 'string' },
    { name: 'receiveToken', type: 'string' },
    { name: 'receiveAmount', type: 'uint256' },
    { name: 'channel', type: 'uint256' },
    { name: 'expiresAt', type: 'uint256' },
  ],
} as const;

/**
 * Whether `quote` was signed by `signer`, the operator's quote key as the integrator pinned it (not
 * the `signer` field the quote carries, which whoever altered the quote could change too). The domain
 * and type are this SDK's own, so a quote cannot bring a different schema; its id must be the one
 * the message signs.
 */
export async function verifyFirmQuote(quote: FirmQuote, signer: Address): Promise<boolean> {
  const m = quote.typed_data.message;
  if (m.id !== quote.id || m.expiresAt !== String(quote.expires_at)) return false;
  try {
    return await verifyTypedData({
      address: getAddress(signer),
      domain: QUOTE_DOMAIN,
      types: QUOTE_TYPES,
      primaryType: 'Quote',
      message: {
        id: m.id,
        fromChainId: BigInt(m.fromChainId),
        toChainId: BigInt(m.toChainId),
        token: m.token,
        amount: BigInt(m.amount),
        recipient: m.recipient,
        receiveToken: m.receiveToken,
        receiveAmount: BigInt(m.receiveAmount),
        channel: BigInt(m.channel),
        expiresAt: BigInt(m.expiresAt),
      },
      signature: quote.signature as Hex,
    });
  } catch {
    return false; // a malformed number or signature is not a valid quote
  }
}
