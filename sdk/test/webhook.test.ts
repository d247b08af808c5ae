import { describe, expect, it } from 'vitest';
import { verifyWebhook, webhookSignature } from '../src/index.js';

// The vector of the server's unit test (server/tests/unit/webhooks/rules_test.cpp), computed with
//   printf '%s' '1767225600.{"id":7,"event_id":42,"state":"queued"}' | openssl dgst -sha256 -hmac 'whsec_test_secret'
const SECRET = 'whsec_test_secret';
const BODY = '{"id":7,"event_id":42,"state":"queued"}';
const TS = 1767225600;
const SIGNATURE = 'v1=d7ac56b15d1df400ba173f08d170ac280cfd1c6dfe5e4d8e5d4fccccaef4878a';

describe('webhook signatures', () => {
  it('signs as perch does', () => {
    expect(webhookSignature(SECRET, TS, BODY)).toBe(SIGNATURE);
  });

  it('accepts a genuine request within the tolerance, with the header as text', () => {
    expect(verifyWebhook({ secret: SECRET, body: BODY, timestamp: String(TS), signature: SIGNATURE, now: TS + 299 })).toBe(true);
    expect(verifyWebhook({ secret: SECRET, body: BODY, timestamp: TS, signature: SIGNATURE, now: TS - 10 })).toBe(true);
  });

  it('refuses another body, secret, timestamp or signature', () => {
    const base = { secret: SECRET, body: BODY, timestamp: TS, signature: SIGNATURE, now: TS };
    expect(verifyWebhook({ ...base, body: BODY.replace('queued', 'completed') })).toBe(false);
    expect(verifyWebhook({ ...base, secret: 'whsec_other' })).toBe(false);
    expect(verifyWebhook({ ...base, timestamp: TS + 1 })).toBe(false);
    expect(verifyWebhook({ ...base, signature: SIGNATURE.replace('d7', 'd8') })).toBe(false);
    expect(verifyWebhook({ ...base, signature: SIGNATURE.slice(3) })).toBe(false);
    expect(verifyWebhook({ ...base, timestamp: 'soon' })).toBe(false);
  });

  it('refuses a replay older than the tolerance', () => {
    const base = { secret: SECRET, body: BODY, timestamp: TS, signature: SIGNATURE };
    expect(verifyWebhook({ ...base, now: TS + 301 })).toBe(false);
    expect(verifyWebhook({ ...base, now: TS + 3600, toleranceSeconds: 7200 })).toBe(true);
  });
});
