// `jsonParsed` renderings the RPC gives for the programs Perch uses: SPL Token mints and token
// accounts, and the instructions of the System, SPL Token, Associated Token Account and Memo
// programs (the fields a deposit watcher reads). Anything else falls back to the raw form.
import { getBase58Decoder } from "@solana/kit";
import {
  ATA_PROGRAM,
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  decodeMint,
  decodeTokenAccount,
  toAddress,
  uiTokenAmount,
} from "./chain.mjs";

const b58 = getBase58Decoder();

/** jsonParsed `data` of an account, or null when no parser applies (the RPC then answers base64). */
export function parseAccountData(acc, mintDecimals) {
  if (acc.owner !== TOKEN_PROGRAM && acc.owner !== TOKEN_2022_PROGRAM) return null;
  const program = acc.owner === TOKEN_PROGRAM ? "spl-token" : "spl-token-2022";
  const mint = decodeMint(acc);
  if (mint) {
    return {
      program,
      parsed: {
        type: "mint",
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
      space: acc.data.length,
    };
  }
  const tok = decodeTokenAccount(acc);
  if (tok) {
    const decimals = mintDecimals(tok.mint);
    if (decimals === null) return null;
    const info = {
      isNative: tok.isNative !== null,
      mint: tok.mint,
      owner: tok.owner,
      state: tok.state,
      tokenAmount: uiTokenAmount(tok.amount, decimals),
    };
    if (tok.delegate) {
      info.delegate = tok.delegate;
      info.delegatedAmount = uiTokenAmount(tok.delegatedAmount, decimals);
    }
    if (tok.closeAuthority) info.closeAuthority = tok.closeAuthority;
    return { program, parsed: { type: "account", info }, space: acc.data.length };
  }
  return null;
}

const u64 = (d, off) => new DataView(d.buffer, d.byteOffset, d.byteLength).getBigUint64(off, true);
const u32 = (d, off) => new DataView(d.buffer, d.byteOffset, d.byteLength).getUint32(off, true);

function parseSystem(data, accts) {
  if (data.length < 4) return null;
  const kind = u32(data, 0);
  if (kind === 2 && data.length >= 12 && accts.length >= 2) {
    return { type: "transfer", info: { destination: accts[1], lamports: Number(u64(data, 4)), source: accts[0] } };
  }
  if (kind === 0 && data.length >= 52 && accts.length >= 2) {
    return {
      type: "createAccount",
      info: {
        lamports: Number(u64(data, 4)),
        newAccount: accts[1],
        owner: toAddress(data.subarray(20, 52)),
        source: accts[0],
        space: Number(u64(data, 12)),
      },
    };
  }
  return null;
}

function parseToken(data, accts, mintDecimals) {
  if (data.length < 1) return null;
  const amountOf = () => (data.length >= 9 ? u64(data, 1) : null);
  switch (data[0]) {
    case 3: {
      if (accts.length < 3 || amountOf() === null) return null;
      return { type: "transfer", info: { amount: amountOf().toString(), authority: accts[2], destination: accts[1], source: accts[0] } };
    }
    case 12: {
      if (accts.length < 4 || data.length < 10) return null;
      return {
        type: "transferChecked",
        info: {
          authority: accts[3],
          destination: accts[2],
          mint: accts[1],
          source: accts[0],
          tokenAmount: uiTokenAmount(amountOf(), data[9]),
        },
      };
    }
    case 7: {
      if (accts.length < 3 || amountOf() === null) return null;
      return { type: "mintTo", info: { account: accts[1], amount: amountOf().toString(), mint: accts[0], mintAuthority: accts[2] } };
    }
    case 14: {
      if (accts.length < 3 || data.length < 10) return null;
      return {
        type: "mintToChecked",
        info: { account: accts[1], mint: accts[0], mintAuthority: accts[2], tokenAmount: uiTokenAmount(amountOf(), data[9]) },
      };
    }
    case 9:
      if (accts.length < 3) return null;
      return { type: "closeAccount", info: { account: accts[0], destination: accts[1], owner: accts[2] } };
    default: {
      void mintDecimals;
      return null;
    }
  }
}

function parseAta(data, accts) {
  if (accts.length < 6) return null;
  const kind = data.length === 0 ? 0 : data[0];
  if (kind !== 0 && kind !== 1) return null;
  return {
    type: kind === 0 ? "create" : "createIdempotent",
    info: { account: accts[1], mint: accts[3], source: accts[0], systemProgram: accts[4], tokenProgram: accts[5], wallet: accts[2] },
  };
}

/**
 * One instruction in the jsonParsed form: {program, programId, parsed, stackHeight} for a known
 * program, else {accounts, data (base58), programId, stackHeight}.
 */
export function parseInstruction({ programId, accounts, data, stackHeight }, mintDecimals) {
  let parsed = null;
  let program = null;
  if (programId === MEMO_PROGRAM || programId === MEMO_V1_PROGRAM) {
    try {
      return { parsed: new TextDecoder("utf-8", { fatal: true }).decode(data), program: "spl-memo", programId, stackHeight };
    } catch {}
  } else if (programId === SYSTEM_PROGRAM) {
    parsed = parseSystem(data, accounts);
    program = "system";
  } else if (programId === TOKEN_PROGRAM || programId === TOKEN_2022_PROGRAM) {
    parsed = parseToken(data, accounts, mintDecimals);
    program = programId === TOKEN_PROGRAM ? "spl-token" : "spl-token-2022";
  } else if (programId === ATA_PROGRAM) {
    parsed = parseAta(data, accounts);
    program = "spl-associated-token-account";
  }
  if (parsed) return { parsed, program, programId, stackHeight };
  return { accounts, data: b58.decode(data), programId, stackHeight };
}
