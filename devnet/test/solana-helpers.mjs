// The devnet's Solana node as its tests drive it: raw JSON-RPC, SPL Memo v3, and a node with a
// long slot interval, so slots move only by perch_advanceSlots and every commitment step is
// deterministic (solana-node.test.mjs, solana-node-wire.test.mjs).
import { appendTransactionMessageInstructions, createSolanaRpc, createTransactionMessage, getBase64EncodedWireTransaction, getSignatureFromTransaction, pipe, setTransactionMessageFeePayerSigner, setTransactionMessageLifetimeUsingBlockhash, signTransactionMessageWithSigners } from "@solana/kit";
import { getAddMemoInstruction } from "@solana-program/memo";
import { startSolanaNode } from "../solana/server.mjs";

// @solana-program/memo 0.15 defaults to a newer memo program id; deposits use SPL Memo v3.
export const MEMO_PROGRAM = "MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr";
export const memoIx = (memo) => getAddMemoInstruction({ memo }, { programAddress: MEMO_PROGRAM });
export const WINDOW = 20; // blockhash_valid_slots in this suite
export const DEPTH = 4; // finalize_depth
export const SOL = 1_000_000_000n;

/** Raw JSON-RPC, for the shapes and errors kit would turn into exceptions. */
export async function raw(url, method, params = []) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return res.json();
}

/**
 * Starts a node with a long slot interval and moves it DEPTH + 1 slots, so finalized reads have a
 * slot of their own. Returns it with its URL, a kit RPC, and what the tests sign and send with.
 */
export async function startTestNode() {
  const node = await startSolanaNode({ port: 0, slotMs: 3_600_000, finalizeDepth: DEPTH, blockhashValidSlots: WINDOW });
  const url = node.url;
  const rpc = createSolanaRpc(url);
  const advance = (n = 1) => raw(url, "perch_advanceSlots", [n]).then((r) => r.result);
  await advance(DEPTH + 1);

  /** Signs instructions with the processed head's blockhash (or `blockhash`) into a wire transaction. */
  async function build(payer, instructions, { version = "legacy", blockhash } = {}) {
    const lifetime = blockhash ?? (await rpc.getLatestBlockhash({ commitment: "processed" }).send()).value;
    const tx = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) => appendTransactionMessageInstructions(instructions, m),
      ),
    );
    return { tx, wire: getBase64EncodedWireTransaction(tx), signature: getSignatureFromTransaction(tx) };
  }

  const send = (wire, opts = {}) => rpc.sendTransaction(wire, { encoding: "base64", preflightCommitment: "processed", ...opts }).send();
  const status = async (sig) => (await rpc.getSignatureStatuses([sig], { searchTransactionHistory: true }).send()).value[0];

  return { node, url, rpc, advance, build, send, status };
}
