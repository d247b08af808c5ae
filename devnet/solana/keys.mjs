// Deterministic Solana devnet keys (docs/solana.md): seed = sha256("perch devnet solana " + name),
// an ed25519 seed (32 bytes). The node's genesis, its tests, the web e2e fixtures and the fixture
// generator all derive keys here, so one definition holds for every part.
//
// No package is loaded up front (signerOf and ataOf load @solana/kit and @solana/addresses from
// devnet/node_modules when called), so any Node script can import this file.
// `node devnet/solana/keys.mjs` prints every name's address and seed as JSON.
import crypto from "node:crypto";

export const CHAIN_ID = 83797601; // Solana has no EVM chain id: this is the one Perch's API, routes and chain list give it

export const USER_COUNT = 8;
/** Every named key: `deployer` (USDC mint authority), `maker`, `usdc-mint` (the mint's address),
 *  `faucet` (pays `requestAirdrop`), `user-0` … `user-7`. */
export const KEY_NAMES = ["deployer", "maker", "usdc-mint", "faucet", ...Array.from({ length: USER_COUNT }, (_, i) => `user-${i}`)];

// PKCS#8 DER prefix of an Ed25519 private key (RFC 8410); the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** The 32-byte ed25519 seed of `name`. */
export function seedOf(name) {
  if (typeof name !== "string" || name === "") throw new TypeError("key name must be a non-empty string");
  return new Uint8Array(crypto.createHash("sha256").update(`perch devnet solana ${name}`).digest());
}

/** The 32-byte ed25519 public key of a seed. */
export function publicKeyOfSeed(seed) {
  if (!(seed instanceof Uint8Array) || seed.length !== 32) throw new TypeError("seed must be 32 bytes");
  const key = crypto.createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
  const jwk = crypto.createPublicKey(key).export({ format: "jwk" });
  return new Uint8Array(Buffer.from(jwk.x, "base64url"));
}

const B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** Base58 (Bitcoin alphabet) of bytes, as Solana writes addresses and signatures. */
export function base58(bytes) {
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = "";
  while (n > 0n) {
    out = B58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** The base58 address (public key) of `name`. */
export function addressOf(name) {
  return base58(publicKeyOfSeed(seedOf(name)));
}

/** The 64-byte secret key (seed ‖ public key), the layout of Solana CLI keypair files. */
export function secretKeyOf(name) {
  const seed = seedOf(name);
  const out = new Uint8Array(64);
  out.set(seed, 0);
  out.set(publicKeyOfSeed(seed), 32);
  return out;
}

/** A @solana/kit KeyPairSigner for `name` (async: kit keys live in WebCrypto). */
export async function signerOf(name) {
  const { createKeyPairSignerFromPrivateKeyBytes } = await import("@solana/kit");
  return createKeyPairSignerFromPrivateKeyBytes(seedOf(name));
}

/** The associated token account (ATA) address of `owner` for `mint` (classic SPL Token by default). */
export async function ataOf(owner, mint, tokenProgram = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA") {
  const { getAddressEncoder, getProgramDerivedAddress } = await import("@solana/addresses");
  const enc = getAddressEncoder();
  const [ata] = await getProgramDerivedAddress({
    programAddress: "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
    seeds: [enc.encode(owner), enc.encode(tokenProgram), enc.encode(mint)],
  });
  return ata;
}

/** The named devnet accounts: addresses of the deployer, maker, USDC mint, faucet and users. */
export function devnetAccounts() {
  return {
    deployer: addressOf("deployer"),
    maker: addressOf("maker"),
    usdc_mint: addressOf("usdc-mint"),
    faucet: addressOf("faucet"),
    users: Array.from({ length: USER_COUNT }, (_, i) => addressOf(`user-${i}`)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = {};
  for (const name of KEY_NAMES) out[name] = { address: addressOf(name), seed_hex: Buffer.from(seedOf(name)).toString("hex") };
  console.log(JSON.stringify(out, null, 2));
}
