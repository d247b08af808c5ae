// Genesis state of the devnet Solana chain (docs/solana.md): the deployer, maker, faucet and users
// funded with SOL, the USDC SPL mint (6 decimals, mint authority `deployer`) at `usdc-mint`'s
// address, and USDC in the maker's and users' associated token accounts. Written as genesis
// accounts (no transactions), so no history precedes the devnet's first slot.
import crypto from "node:crypto";
import {
  appendTransactionMessageInstruction,
  compileTransactionMessage,
  createTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageEncoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { TOKEN_PROGRAM, decodeTransaction, encodeMint, encodeTokenAccount } from "./chain.mjs";
import { USER_COUNT, addressOf, ataOf, seedOf } from "./keys.mjs";

export const LAMPORTS_PER_SOL = 1_000_000_000n;
export const USDC_DECIMALS = 6;
const usdc = (n) => BigInt(n) * 10n ** BigInt(USDC_DECIMALS);

/** Who gets what at genesis: SOL in lamports, USDC in base units. */
export const FUNDING = {
  deployer: { sol: 1_000n * LAMPORTS_PER_SOL, usdc: 0n },
  faucet: { sol: 1_000_000n * LAMPORTS_PER_SOL, usdc: 0n },
  maker: { sol: 1_000n * LAMPORTS_PER_SOL, usdc: usdc(1_000_000) },
  user: { sol: 100n * LAMPORTS_PER_SOL, usdc: usdc(10_000) },
};

/** Writes the genesis accounts into `chain`; returns the addresses for state.json. */
export async function applyGenesis(chain) {
  const mint = addressOf("usdc-mint");
  const holders = [
    ["deployer", FUNDING.deployer],
    ["faucet", FUNDING.faucet],
    ["maker", FUNDING.maker],
    ...Array.from({ length: USER_COUNT }, (_, i) => [`user-${i}`, FUNDING.user]),
  ];
  let supply = 0n;
  const atas = {};
  for (const [name, f] of holders) {
    const owner = addressOf(name);
    chain.setAccount(owner, { lamports: f.sol });
    if (f.usdc === 0n) continue;
    const ata = await ataOf(owner, mint);
    atas[name] = ata;
    chain.setAccount(ata, {
      lamports: chain.minimumBalanceForRentExemption(165),
      data: encodeTokenAccount({ mint, owner, amount: f.usdc }),
      owner: TOKEN_PROGRAM,
    });
    supply += f.usdc;
  }
  chain.setAccount(mint, {
    lamports: chain.minimumBalanceForRentExemption(82),
    data: encodeMint({ mintAuthority: addressOf("deployer"), supply, decimals: USDC_DECIMALS }),
    owner: TOKEN_PROGRAM,
  });
  return {
    usdc_mint: mint,
    deployer: addressOf("deployer"),
    faucet: addressOf("faucet"),
    maker: addressOf("maker"),
    maker_usdc_ata: atas.maker,
    users: Array.from({ length: USER_COUNT }, (_, i) => addressOf(`user-${i}`)),
  };
}

/**
 * The faucet behind requestAirdrop: a real System transfer signed by `faucet` with the head's
 * blockhash, queued like any sent transaction. Returns its signature.
 */
export function makeAirdrop(chain) {
  const from = addressOf("faucet");
  const key = crypto.createPrivateKey({
    key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), seedOf("faucet")]),
    format: "der",
    type: "pkcs8",
  });
  const b58 = getBase58Decoder();
  return (to, lamports) => {
    const blockhash = chain.blockhashAt(chain.slot);
    const message = pipe(
      createTransactionMessage({ version: "legacy" }),
      (m) => setTransactionMessageFeePayer(from, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: BigInt(chain.lastValidBlockHeight(blockhash)) }, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: { address: from }, destination: to, amount: lamports }), m),
    );
    const messageBytes = getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message));
    const sig = new Uint8Array(crypto.sign(null, messageBytes, key));
    const wire = new Uint8Array(getTransactionEncoder().encode({ messageBytes, signatures: { [from]: sig } }));
    const tx = decodeTransaction(wire);
    chain.enqueue(tx);
    return b58.decode(sig);
  };
}
