// The readers of Solana JSON-RPC parameters (config objects, pubkeys, signatures, integers, encoded
// bytes) with the real API's error codes and texts, and the codecs they use. rpc.mjs and
// rpc-history.mjs read their parameters through them.
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from "@solana/codecs-strings";
import { getCompiledTransactionMessageDecoder } from "@solana/transaction-messages";
import { RpcError } from "./chain.mjs";

export const b58enc = getBase58Encoder();
export const b58dec = getBase58Decoder();
export const b64enc = getBase64Encoder();
export const b64dec = getBase64Decoder();
export const msgDecoder = getCompiledTransactionMessageDecoder();

export const invalidParams = (msg) => new RpcError(-32602, `Invalid params: ${msg}`);
export const invalidParam = (msg) => new RpcError(-32602, `Invalid param: ${msg}`);

export function config(params, i) {
  const c = params[i];
  if (c === undefined || c === null) return {};
  if (typeof c !== "object" || Array.isArray(c)) throw invalidParams(`invalid type: expected a config object at position ${i}`);
  return c;
}

export function pubkey(v) {
  if (typeof v !== "string") throw invalidParam("Invalid");
  let ok = false;
  try {
    ok = b58enc.encode(v).length === 32;
  } catch {}
  if (!ok) throw invalidParam("Invalid");
  return v;
}

export function signatureParam(v) {
  let ok = false;
  try {
    ok = typeof v === "string" && b58enc.encode(v).length === 64;
  } catch {}
  if (!ok) throw invalidParam("Invalid");
  return v;
}

export function u64Param(v, name) {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) throw invalidParams(`${name} must be a non-negative integer`);
  return v;
}

export function decodeBytes(str, encoding, what) {
  if (typeof str !== "string") throw invalidParams(`${what} must be a string`);
  if (encoding === "base64") {
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(str) || str.length % 4 !== 0) throw new RpcError(-32602, `invalid base64 encoding: InvalidByte`);
    return new Uint8Array(b64enc.encode(str));
  }
  if (encoding === "base58") {
    try {
      return new Uint8Array(b58enc.encode(str));
    } catch {
      throw new RpcError(-32602, "invalid base58 encoding: InvalidCharacter");
    }
  }
  throw new RpcError(-32602, `unsupported encoding: ${encoding}. Supported encodings: base58, base64`);
}
