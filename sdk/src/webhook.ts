import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';

/** What a webhook request carries: its raw body and the X-Perch-Timestamp / X-Perch-Signature headers. */
export interface WebhookRequest {
  /** The webhook's secret, as `POST /api/admin/webhooks` answered it (`whsec_...`). */
  secret: string;
  /** The request body exactly as received (before any JSON parsing). */
  body: string;
  /** The X-Perch-Timestamp header: unix seconds. */
  timestamp: string | number;
  /** The X-Perch-Signature header: `v1=` and the hex HMAC-SHA256. */
  signature: string;
  /** Older (or newer) timestamps than this many seconds from `now` are refused: replays. */
  toleranceSeconds?: number;
  /** Unix seconds; defaults to the clock. */
  now?: number;
}

const encoder = new TextEncoder();

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Compares in time that depends on the lengths only, not on where the texts differ. */
function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** The signature perch sends: `v1=` + hex HMAC-SHA256(secret, `${timestamp}.${body}`). */
export function webhookSignature(secret: string, timestamp: string | number, body: string): string {
  return `v1=${hex(hmac(sha256, encoder.encode(secret), encoder.encode(`${timestamp}.${body}`)))}`;
}

/**
 * Whether a webhook request comes from perch: its signature is the secret's over the timestamp
 * and the body, and its timestamp is within `toleranceSeconds` (default 300) of `now`.
 */
export function verifyWebhook({ secret, body, timestamp, signature, toleranceSeconds = 300, now }: WebhookRequest): boolean {
  const ts = typeof timestamp === 'number' ? timestamp : Number(timestamp);
  if (!Number.isSafeInteger(ts) || String(ts) !== String(timestamp).trim()) return false;
  const clock = now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(clock - ts) > toleranceSeconds) return false;
  return constantTimeEqual(webhookSignature(secret, ts, body), signature.trim());
}
