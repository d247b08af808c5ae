// The OP-stack L1 data fee on the devnet's `op` chains (docs/operations.md "The OP-stack L1 data
// fee"). Hardhat's op genesis writes OP Mainnet's fee scalars into the L1Block predeploy's slot 3
// at the wrong offsets, so baseFeeScalar() and blobBaseFeeScalar() read 0 and every l1Fee is 0.
// Writing the slot as Solidity packs it makes the fee real, in receipts and in the GasPriceOracle.
import { rpc } from "./nodes.mjs";

export const L1_BLOCK = "0x4200000000000000000000000000000000000015";
export const GAS_PRICE_ORACLE = "0x420000000000000000000000000000000000000F";
// OP Mainnet's Ecotone scalars (what EDR meant to write), with the L1 and blob base fees of 10 gwei
// it does write: an L1 fee of about 1.1e12 wei (0.0000011 ETH) for a plain transfer.
export const BASE_FEE_SCALAR = 5227;
export const BLOB_BASE_FEE_SCALAR = 1014213;

/** Slot 3 of L1Block: sequenceNumber (uint64, lowest 8 bytes), blobBaseFeeScalar and baseFeeScalar (uint32 each) above it. */
export function l1BlockSlot3(baseFeeScalar = BASE_FEE_SCALAR, blobBaseFeeScalar = BLOB_BASE_FEE_SCALAR, sequenceNumber = 1n) {
  const word = (BigInt(baseFeeScalar) << 96n) | (BigInt(blobBaseFeeScalar) << 64n) | BigInt(sequenceNumber);
  return `0x${word.toString(16).padStart(64, "0")}`;
}

/** Gives an op chain its L1 data fee from the next block on. */
export async function setL1FeeScalars(url) {
  await rpc(url, "hardhat_setStorageAt", [L1_BLOCK, "0x3", l1BlockSlot3()]);
}

const rlpHeader = (n) => (n < 56 ? 1 : 1 + Math.ceil(n.toString(16).length / 2));

/**
 * What perch keeps back of a native refund for its L1 data fee (server/src/chain/op_fee.hpp): on
 * an op chain (the GasPriceOracle has code) getL1FeeUpperBound of the refund's widest unsigned
 * size: the refund as signed, its value the whole deposit `amount`, nonce and gas limit at 9 bytes
 * each; 0n elsewhere.
 */
export async function refundL1Bound(url, refund, amount) {
  if ((await rpc(url, "eth_getCode", [GAS_PRICE_ORACLE, "latest"])) === "0x") return 0n;
  const { serializeTransaction, encodeFunctionData, parseAbi } = await import("viem");
  const narrow = serializeTransaction({
    type: "eip1559", chainId: Number(BigInt(refund.chainId)), nonce: 0, gas: 0n, to: refund.to, value: amount, data: "0x",
    maxFeePerGas: BigInt(refund.maxFeePerGas), maxPriorityFeePerGas: BigInt(refund.maxPriorityFeePerGas),
  });
  const bytes = (narrow.length - 2) / 2;
  const first = parseInt(narrow.slice(4, 6), 16); // the list header after the type byte
  const payload = bytes - 1 - (first >= 0xf8 ? 1 + (first - 0xf7) : 1) + 16; // nonce and limit: 1 byte -> 9 bytes each
  const size = 1 + rlpHeader(payload) + payload;
  const data = encodeFunctionData({ abi: parseAbi(["function getL1FeeUpperBound(uint256) view returns (uint256)"]), functionName: "getL1FeeUpperBound", args: [BigInt(size)] });
  return BigInt(await rpc(url, "eth_call", [{ to: GAS_PRICE_ORACLE, data }, "latest"]));
}
