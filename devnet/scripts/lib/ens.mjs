// The devnet's own minimal ENS on Ethereum (chain 1): PerchEnsRegistry and PerchEnsResolver
// (contracts/ens/), deployed from their own account so that their addresses never move when the
// main deployment grows, and seeded with the names the server's tests and `make run` show:
//
//   perch-demo.eth  → user #2 (the devnet's first user account), whose primary (reverse) name it is;
//   user #3's reverse name claims "perch-demo.eth" too, but the name resolves to #2: a spoof the
//     server's forward check must refuse (no name for #3);
//   PerchCaps.eth   → user #5 and back, both directions set, but not a normalised name: the server
//     shows no name for #5 (lower-case ASCII names only, docs/security.md "Address names").
//   User #4 has no reverse record at all.
import { encodeDeployData, encodeFunctionData, getContractAddress, labelhash, namehash } from "viem";

// The chains that run a name service on the devnet (Ethereum's ENS).
export const ENS_CHAIN_IDS = [1];
// Hardhat's account #19 (unlocked, 10,000 ETH) deploys and owns the ENS: a fresh nonce 0 on
// chain 1 whatever else the devnet deploys, so the registry's address is fixed.
export const ENS_OWNER_INDEX = 19;
export const DEMO_NAME = "perch-demo.eth";
export const CAPS_NAME = "PerchCaps.eth";

const DEPLOY_GAS = 2_000_000n;
const CALL_GAS = 150_000n;

/** Registry and resolver addresses (deployer nonces 0 and 1). */
export function ensAddresses(owner) {
  return {
    registry: getContractAddress({ from: owner, nonce: 0n }),
    resolver: getContractAddress({ from: owner, nonce: 1n }),
  };
}

/** The reverse node's name of an address: lower-case hex without 0x, then ".addr.reverse". */
export const reverseName = (address) => `${address.toLowerCase().slice(2)}.addr.reverse`;

/**
 * The ENS owner's transactions on a chain with a name service: the two contracts, the `eth` and
 * `addr.reverse` nodes, and the seeded names (users = [#2, #3, #4, #5, ...]).
 */
export function ensTxs(owner, users, loadArtifact) {
  const { registry, resolver } = ensAddresses(owner);
  const reg = loadArtifact("PerchEnsRegistry");
  const res = loadArtifact("PerchEnsResolver");
  const txs = [
    { data: encodeDeployData({ abi: reg.abi, bytecode: reg.bytecode, args: [] }), gas: DEPLOY_GAS, expect: registry },
    { data: encodeDeployData({ abi: res.abi, bytecode: res.bytecode, args: [registry] }), gas: DEPLOY_GAS, expect: resolver },
  ];
  const onRegistry = (functionName, args) =>
    txs.push({ to: registry, data: encodeFunctionData({ abi: reg.abi, functionName, args }), gas: CALL_GAS });
  const onResolver = (functionName, args) =>
    txs.push({ to: resolver, data: encodeFunctionData({ abi: res.abi, functionName, args }), gas: CALL_GAS });
  // A node under `parent` owned by the ENS owner: its label's hash of the exact text (no
  // normalisation, so PerchCaps.eth can exist as written).
  const subnode = (parent, label) => onRegistry("setSubnodeOwner", [namehash(parent), labelhash(label), owner]);

  subnode("", "eth");
  subnode("", "reverse");
  subnode("reverse", "addr");
  const forward = (name, address) => {
    subnode("eth", name.slice(0, -".eth".length));
    onRegistry("setResolver", [namehash(name), resolver]);
    onResolver("setAddr", [namehash(name), address]);
  };
  const primary = (address, name) => {
    subnode("addr.reverse", address.toLowerCase().slice(2));
    onRegistry("setResolver", [namehash(reverseName(address)), resolver]);
    onResolver("setName", [namehash(reverseName(address)), name]);
  };
  const [demo, spoofer, , caps] = users;
  forward(DEMO_NAME, demo);
  primary(demo, DEMO_NAME);
  primary(spoofer, DEMO_NAME);
  forward(CAPS_NAME, caps);
  primary(caps, CAPS_NAME);
  return txs;
}
