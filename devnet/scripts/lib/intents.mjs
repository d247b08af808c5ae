// The ERC-7683 settlers (docs/intents.md): PerchPermit2, PerchDestinationSettler and
// PerchOriginSettler, deployed on every EVM chain from their own account (the mnemonic's #20,
// which Hardhat does not fund: the runner gives it ETH and impersonates it), so that their
// addresses are the same on every chain and never move when the main deployment grows. The origin
// settler names the destination settler by that one address, whatever the destination chain.
import { encodeDeployData, getContractAddress } from "viem";

export const INTENTS_DEPLOYER_INDEX = 20;
export const INTENTS_DEPLOYER_ETH = 10n ** 18n;
const DEPLOY_GAS = 3_000_000n;

/** Permit2, DestinationSettler and OriginSettler: the deployer's nonces 0, 1 and 2. */
export function intentsAddresses(deployer) {
  const at = (nonce) => getContractAddress({ from: deployer, nonce: BigInt(nonce) });
  return { Permit2: at(0), DestinationSettler: at(1), OriginSettler: at(2) };
}

/** The three deployments; the origin settler forwards to the maker and obeys the Depositor's pause. */
export function intentsTxs(deployer, { maker, depositor }, loadArtifact) {
  const addr = intentsAddresses(deployer);
  const deploy = (artifact, args, expect) => {
    const art = loadArtifact(artifact);
    return { data: encodeDeployData({ abi: art.abi, bytecode: art.bytecode, args }), gas: DEPLOY_GAS, expect };
  };
  return [
    deploy("PerchPermit2", [], addr.Permit2),
    deploy("PerchDestinationSettler", [], addr.DestinationSettler),
    deploy("PerchOriginSettler", [maker, addr.Permit2, depositor, addr.DestinationSettler], addr.OriginSettler),
  ];
}
