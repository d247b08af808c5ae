import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { encodeDeployData } from "viem";
import { exportedText, OUT } from "../scripts/export-templates.mjs";
import fs from "node:fs";
import { expectRevert, newChain } from "./helpers.mjs";

describe("deploy templates", () => {
  let c;
  before(async () => {
    c = await newChain();
  });
  after(() => c.close());

  it("config/deploy-templates.json is what the project's solc built", () => {
    assert.equal(fs.readFileSync(OUT, "utf8"), exportedText(), "run node devnet/scripts/export-templates.mjs");
  });

  it("DeployERC20 mints the whole supply (18 decimals) to the deployer and has no mint", async () => {
    const token = await c.deploy("DeployERC20", ["Perch Test", "PTST", 1_000_000n], 3);
    assert.equal(await c.read(token, "name"), "Perch Test");
    assert.equal(await c.read(token, "symbol"), "PTST");
    assert.equal(await c.read(token, "decimals"), 18);
    assert.equal(await c.read(token, "totalSupply"), 1_000_000n * 10n ** 18n);
    assert.equal(await c.read(token, "balanceOf", [c.accounts[3]]), 1_000_000n * 10n ** 18n);
    assert.equal(token.abi.some((e) => e.name === "mint"), false);
  });

  it("DeployERC721 lets its deployer mint up to maxSupply, nobody else", async () => {
    const nft = await c.deploy("DeployERC721", ["Perch Owls", "OWL", 2n], 2);
    await c.send(nft, "mint", [c.accounts[4]], { from: 2 });
    await c.send(nft, "mint", [c.accounts[5]], { from: 2 });
    assert.equal((await c.read(nft, "ownerOf", [1n])).toLowerCase(), c.accounts[4].toLowerCase());
    assert.equal((await c.read(nft, "ownerOf", [2n])).toLowerCase(), c.accounts[5].toLowerCase());
    assert.equal(await c.read(nft, "totalMinted"), 2n);
    await expectRevert(c.send(nft, "mint", [c.accounts[4]], { from: 2 }), nft.abi, "SoldOut");
    await expectRevert(c.send(nft, "mint", [c.accounts[4]], { from: 4 }), nft.abi, "OwnableUnauthorizedAccount");
  });

  it("DeployHello records its deployer and counts greetings", async () => {
    const hello = await c.deploy("DeployHello", ["gm"], 1);
    assert.equal((await c.read(hello, "deployer")).toLowerCase(), c.accounts[1].toLowerCase());
    assert.equal(await c.read(hello, "message"), "gm");
    const r = await c.send(hello, "greet", [], { from: 6 });
    assert.equal(r.logs.length, 1);
    assert.equal(await c.read(hello, "greetings"), 1n);
  });

  it("the exported creation code deploys the same contract as the artifact", async () => {
    const { templates } = JSON.parse(fs.readFileSync(OUT, "utf8"));
    const erc20 = templates.find((t) => t.id === "erc20");
    const data = encodeDeployData({ abi: erc20.abi, bytecode: erc20.bytecode, args: ["A", "B", 5n] });
    const hash = await c.wallet(0).sendTransaction({ data });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    assert.equal(receipt.status, "success");
    const code = await c.publicClient.getCode({ address: receipt.contractAddress });
    const art = (await import("./helpers.mjs")).loadArtifact("DeployERC20");
    assert.equal(code, art.deployedBytecode);
  });
});
