// Runs the real devnet runner (the profile's 13 EVM chains in one host process, and Solana) beside any devnet already running, using
// --port-offset, a copy of the profile and a temporary state dir; then stops it with SIGTERM and
// checks that no node is left.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { createPublicClient, createWalletClient, encodeAbiParameters, encodeFunctionData, erc20Abi, hashDomain, http, pad, parseAbiParameters, parseEventLogs, zeroAddress, zeroHash, namehash, parseAbi, parseEther, parseUnits } from "viem";
import { DEFAULT_PROFILE, DEVNET_DIR, FAUCET_INDEX, MAKER_MINT, USER_MINT, account, ENS_OWNER_INDEX, ensAddresses, expectedAddresses, expectedSwap, isAlive, loadArtifact, probeChainId, probeSolana, rpc } from "../scripts/lib/devnet-lib.mjs";
import { ataOf, devnetAccounts as solanaAccounts } from "../solana/keys.mjs";
import { MAKER_SWAP_MINT, USER_SWAP_MINT, uniswapArtifact } from "../scripts/lib/swap.mjs";
import { BASE_FEE_SCALAR, BLOB_BASE_FEE_SCALAR, GAS_PRICE_ORACLE } from "../scripts/lib/op-fee.mjs";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "perch-devnet-test-"));
const profileFile = path.join(tmp, "devnet.json");
const stateDir = path.join(tmp, "state");

async function pickPortOffset(basePorts) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const offset = 20000 + Math.floor(Math.random() * 300) * 10;
    const busy = await Promise.all(basePorts.map((p) => probeChainId(`http://127.0.0.1:${p + offset}`)));
    if (busy.every((x) => x === null)) return offset;
  }
  throw new Error("no free port offset");
}

const pairAbi = uniswapArtifact("UniswapV2Pair").abi;
const poolAbi = uniswapArtifact("UniswapV3Pool").abi;
const quoterAbi = uniswapArtifact("QuoterV2").abi;

/** Reads a running devnet chain's swap pools through viem (V2 formula; V3 through QuoterV2). */
function swapView(state, chainId) {
  const { swap, chains } = state;
  const url = chains.find((c) => c.chain_id === chainId).rpc_url;
  const client = createPublicClient({ transport: http(url) });
  const token = (symbol) => swap.tokens.find((t) => t.symbol === symbol).address;
  const read = (address, abi, functionName, args = []) => client.readContract({ address, abi, functionName, args });
  const quoter = swap.venues.find((v) => v.kind === "v3").quoter_v2;
  return {
    url,
    client,
    token,
    pools: (a, b) => swap.pools.filter((p) => [p.token0, p.token1].sort().join() === [token(a), token(b)].sort().join()),
    balance: (symbol, who) => read(token(symbol), erc20Abi, "balanceOf", [who]),
    sqrtPrice: async (pool) => (await read(pool.address, poolAbi, "slot0"))[0],
    depth: async (pool) => (pool.venue.endsWith("-v2") ? (await read(pool.address, pairAbi, "getReserves"))[0] : read(pool.address, poolAbi, "liquidity")),
    async quote(pool, symbolIn, amountIn) {
      const tokenIn = token(symbolIn);
      const tokenOut = tokenIn === pool.token0 ? pool.token1 : pool.token0;
      if (pool.venue.endsWith("-v2")) {
        const [r0, r1] = await read(pool.address, pairAbi, "getReserves");
        const [rIn, rOut] = tokenIn === pool.token0 ? [r0, r1] : [r1, r0];
        return (amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n);
      }
      const { result } = await client.simulateContract({
        address: quoter, abi: quoterAbi, functionName: "quoteExactInputSingle",
        args: [{ tokenIn, tokenOut, amountIn, fee: pool.fee_ppm, sqrtPriceLimitX96: 0n }],
      });
      return result[0];
    },
  };
}

describe("devnet runner", () => {
  let runner, output = "", state, startMs, exited;
  const profileText = fs.readFileSync(DEFAULT_PROFILE, "utf8");
  const profile = JSON.parse(profileText);

  before(async () => {
    fs.writeFileSync(profileFile, profileText);
    const offset = await pickPortOffset([...profile.chains.map((c) => c.port), profile.solana.port, profile.solana.port + 1]);
    const t0 = Date.now();
    runner = spawn(process.execPath, [path.join(DEVNET_DIR, "scripts", "devnet.mjs"), "up", "--profile", profileFile,
      "--port-offset", String(offset), "--state-dir", stateDir], { stdio: ["ignore", "pipe", "pipe"] });
    exited = new Promise((resolve) => runner.on("exit", (code, signal) => resolve({ code, signal })));
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`devnet not ready in 60 s:\n${output}`)), 60_000);
      const onData = (d) => {
        output += d;
        if (/^devnet ready$/m.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      runner.stdout.on("data", onData);
      runner.stderr.on("data", onData);
      runner.on("exit", () => reject(new Error(`runner exited early:\n${output}`)));
    });
    startMs = Date.now() - t0;
    state = JSON.parse(fs.readFileSync(path.join(stateDir, "state.json"), "utf8"));
  });
  after(() => {
    if (runner.exitCode === null) runner.kill("SIGKILL");
    for (const c of [...(state?.chains ?? []), ...(state?.solana ? [state.solana] : [])]) {
      try {
        process.kill(-c.pid, "SIGKILL");
      } catch {}
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("starts every chain of the profile within 30 s", () => {
    console.log(`# devnet up in ${startMs} ms`);
    assert.ok(startMs < 30_000, `took ${startMs} ms`);
    assert.deepEqual(state.chains.map((c) => c.chain_id), profile.chains.map((c) => c.chain_id));
  });

  it("writes explorer_url \"\" for every chain: a local chain has no public explorer", () => {
    assert.deepEqual(state.chains.map((c) => c.explorer_url), state.chains.map(() => ""));
  });

  it("serves each chain id on 127.0.0.1 at the shifted port", async () => {
    for (const c of state.chains) {
      assert.match(c.rpc_url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(c.port, profile.chains.find((p) => p.chain_id === c.chain_id).port);
      assert.equal(await probeChainId(c.rpc_url), c.chain_id);
    }
  });

  it("runs the name service on chain 1 only, with perch-demo.eth for the first user", async () => {
    const { registry, resolver } = ensAddresses(account(ENS_OWNER_INDEX).address);
    assert.deepEqual(state.chains.filter((c) => c.ens_registry).map((c) => [c.chain_id, c.ens_registry]), [[1, registry]]);
    const url = state.chains.find((c) => c.chain_id === 1).rpc_url;
    const client = createPublicClient({ transport: http(url) });
    const user = state.accounts.users[0];
    const reverse = namehash(`${user.toLowerCase().slice(2)}.addr.reverse`);
    const abi = parseAbi(["function resolver(bytes32) view returns (address)", "function name(bytes32) view returns (string)", "function addr(bytes32) view returns (address)"]);
    assert.equal(await client.readContract({ address: registry, abi, functionName: "resolver", args: [reverse] }), resolver);
    assert.equal(await client.readContract({ address: resolver, abi, functionName: "name", args: [reverse] }), "perch-demo.eth");
    assert.equal(await client.readContract({ address: resolver, abi, functionName: "addr", args: [namehash("perch-demo.eth")] }), user);
    const other = state.chains.find((c) => c.chain_id === 8453).rpc_url;
    assert.equal(await rpc(other, "eth_getCode", [registry, "latest"]), "0x");
  });

  it("deploys the contracts at the same deterministic addresses on every chain", async () => {
    const want = expectedAddresses();
    assert.deepEqual(state.contracts, want);
    assert.deepEqual(profile.contracts, want, "config/devnet.json holds the deployed addresses");
    for (const c of state.chains) {
      for (const addr of Object.values(want)) {
        const code = await rpc(c.rpc_url, "eth_getCode", [addr, "latest"]);
        assert.ok(code.length > 2, `no code at ${addr} on chain ${c.chain_id}`);
      }
    }
  });

  it("deploys the ERC-7683 settlers on every chain, wired to the maker, Permit2, the Depositor and the one destination settler address", async () => {
    const { OriginSettler, DestinationSettler, Permit2, Depositor } = state.contracts;
    const abi = parseAbi([
      "function maker() view returns (address)", "function permit2() view returns (address)", "function depositor() view returns (address)",
      "function destinationSettler() view returns (address)", "function DOMAIN_SEPARATOR() view returns (bytes32)",
    ]);
    for (const c of state.chains) {
      const client = createPublicClient({ transport: http(c.rpc_url) });
      const read = (address, functionName) => client.readContract({ address, abi, functionName });
      assert.equal(await read(OriginSettler, "maker"), state.accounts.maker, `chain ${c.chain_id}`);
      assert.equal(await read(OriginSettler, "permit2"), Permit2);
      assert.equal(await read(OriginSettler, "depositor"), Depositor);
      assert.equal(await read(OriginSettler, "destinationSettler"), DestinationSettler);
      const domain = hashDomain({
        domain: { name: "Permit2", chainId: c.chain_id, verifyingContract: Permit2 },
        types: { EIP712Domain: [{ name: "name", type: "string" }, { name: "chainId", type: "uint256" }, { name: "verifyingContract", type: "address" }] },
      });
      assert.equal(await read(Permit2, "DOMAIN_SEPARATOR"), domain, `Permit2's domain on chain ${c.chain_id}`);
    }
  });

  it("runs the networks the product names, each with its real chain id", () => {
    const ids = state.chains.map((c) => c.chain_id);
    for (const id of [1, 8453, 42161, 1868, 10, 59144, 534352, 324, 167000, 81457, 60808, 7777777, 57073]) {
      assert.ok(ids.includes(id), `chain ${id} not in state.json`);
    }
  });

  it("funds the maker and the faucet with ETH, USDC and USDT on every chain", async () => {
    const faucet = account(FAUCET_INDEX).address;
    const balanceOf = (who) => encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [who] });
    for (const c of state.chains) {
      for (const [who, mint] of [[state.accounts.maker, MAKER_MINT], [faucet, USER_MINT]]) {
        assert.ok(BigInt(await rpc(c.rpc_url, "eth_getBalance", [who, "latest"])) >= parseEther("1000"), `${who} has no ETH on ${c.chain_id}`);
        for (const token of [state.contracts.USDC, state.contracts.USDT]) {
          const held = BigInt(await rpc(c.rpc_url, "eth_call", [{ to: token, data: balanceOf(who) }, "latest"]));
          assert.equal(held, mint, `${who}'s ${token} on chain ${c.chain_id}`);
        }
      }
    }
  });

  it("runs the profile's op chains (Base, Soneium, Optimism, Zora, Ink) with the OP-stack predeploys and an L1 fee, and no other chain it marks l1", async () => {
    // baseFeeScalar() and blobBaseFeeScalar() of the GasPriceOracle: OP Mainnet's, as lib/op-fee.mjs writes them.
    const scalars = ["0xc5985918", "0x68d5dca6"];
    for (const c of state.chains) {
      const type = profile.chains.find((p) => p.chain_id === c.chain_id).chain_type ?? "l1";
      if (type === "generic") continue;
      assert.equal(c.chain_type ?? "l1", type, `state.json names chain ${c.chain_id}'s type`);
      const code = await rpc(c.rpc_url, "eth_getCode", [GAS_PRICE_ORACLE, "latest"]);
      assert.equal(code !== "0x", type === "op", `chain ${c.chain_id} (${type}): GasPriceOracle code ${code.slice(0, 10)}`);
      if (type !== "op") continue;
      const read = await Promise.all(scalars.map((data) => rpc(c.rpc_url, "eth_call", [{ to: GAS_PRICE_ORACLE, data }, "latest"])));
      assert.deepEqual(read.map(BigInt), [BigInt(BASE_FEE_SCALAR), BigInt(BLOB_BASE_FEE_SCALAR)], `chain ${c.chain_id}'s L1 fee scalars`);
    }
    for (const id of [8453, 1868, 10, 7777777, 57073]) assert.equal(profile.chains.find((p) => p.chain_id === id).chain_type, "op");
  });

  it("starts the Solana node beside them and describes it in state.json", async () => {
    const sol = state.solana;
    assert.equal(sol.chain_id, 83797601);
    assert.equal(sol.name, "Solana (devnet)");
    assert.equal(sol.rpc_url, `http://127.0.0.1:${sol.port}`);
    assert.equal(sol.ws_url, `ws://127.0.0.1:${sol.port + 1}`);
    assert.notEqual(sol.port, profile.solana.port);
    assert.deepEqual([sol.slot_ms, sol.finalize_depth, sol.blockhash_valid_slots], [400, 4, 150]);
    const accts = solanaAccounts();
    assert.deepEqual([sol.usdc_mint, sol.maker, sol.deployer, sol.faucet, sol.users], [accts.usdc_mint, accts.maker, accts.deployer, accts.faucet, accts.users]);
    assert.equal(sol.maker_usdc_ata, await ataOf(sol.maker, sol.usdc_mint));
    assert.equal(await rpc(sol.rpc_url, "getHealth"), "ok");
    const bal = await rpc(sol.rpc_url, "getTokenAccountBalance", [sol.maker_usdc_ata]);
    assert.equal(bal.value.uiAmountString, "1000000");
    const s0 = await rpc(sol.rpc_url, "getSlot", [{ commitment: "processed" }]);
    await new Promise((r) => setTimeout(r, 900));
    const s1 = await rpc(sol.rpc_url, "getSlot", [{ commitment: "processed" }]);
    assert.ok(s1 - s0 >= 1 && s1 - s0 <= 4, `${s1 - s0} slots in 0.9 s at 400 ms`);
  });

  it("leaves an up-to-date profile untouched", () => {
    assert.equal(fs.readFileSync(profileFile, "utf8"), profileText);
  });

  it("deploys the swap contracts and seeds the pools on chains 1, 8453 and 42161 only", async () => {
    assert.deepEqual({ ...state.swap, start_block: 0 }, expectedSwap());
    assert.ok(state.swap.start_block >= 1);
    assert.deepEqual(profile.swap, expectedSwap(), "config/devnet.json holds the swap setup");
    const checkInChain = state.chains.find((c) => c.chain_id === 1868);
    assert.equal(await rpc(checkInChain.rpc_url, "eth_getCode", [state.swap.executor, "latest"]), "0x");
    const prices = [];
    for (const chainId of state.swap.chain_ids) {
      const swap = swapView(state, chainId);
      for (const pool of state.swap.pools) assert.ok(await swap.depth(pool) > 0n, `${pool.venue} ${pool.address} on ${chainId} is empty`);
      assert.equal(await swap.balance("WBTC", state.accounts.maker), MAKER_SWAP_MINT.WBTC);
      assert.equal(await swap.balance("DAI", state.accounts.users[7]), USER_SWAP_MINT.DAI);
      prices.push(await swap.sqrtPrice(swap.pools("WETH", "USDC").find((p) => p.fee_ppm === 500)));
    }
    assert.equal(new Set(prices).size, 3, "each chain has its own ETH price");
  });

  it("prices a large trade best as a split across venues, and WBTC to DAI best through a hop", async () => {
    const swap = swapView(state, 1);
    const amountIn = parseEther("300");
    const pools = swap.pools("WETH", "USDC");
    const singles = await Promise.all(pools.map((p) => swap.quote(p, "WETH", amountIn)));
    // 70 % on the deep V3 pool, 23 % on the other fee tier, the rest on the two V2 pairs.
    const shares = { "uniswap-v3/500": 21n, "uniswap-v3/3000": 7n, "uniswap-v2/3000": 1n, "sushi-v2/3000": 1n };
    const split = (await Promise.all(pools.map((p) => swap.quote(p, "WETH", (amountIn * shares[`${p.venue}/${p.fee_ppm}`]) / 30n))))
      .reduce((a, b) => a + b);
    assert.ok(split > singles.reduce((a, b) => (a > b ? a : b)), `split ${split} vs single ${singles}`);

    const wbtc = parseUnits("0.5", 8);
    const [direct] = await Promise.all(swap.pools("WBTC", "DAI").map((p) => swap.quote(p, "WBTC", wbtc)));
    const usdc = await swap.quote(swap.pools("WBTC", "USDC").find((p) => p.venue === "uniswap-v3"), "WBTC", wbtc);
    const viaUsdc = await swap.quote(swap.pools("USDC", "DAI").find((p) => p.venue === "uniswap-v3"), "USDC", usdc);
    assert.ok(viaUsdc > 10n * direct, `via USDC ${viaUsdc} vs direct ${direct}`);
  });

  it("swaps ETH for USDC through the deployed executor for QuoterV2's quote", async () => {
    const swap = swapView(state, 8453);
    const pool = swap.pools("WETH", "USDC").find((p) => p.venue === "uniswap-v3" && p.fee_ppm === 500);
    const user = state.accounts.users[0];
    const amountIn = parseEther("2");
    const want = await swap.quote(pool, "WETH", amountIn);
    const before = await swap.balance("USDC", user);
    const hops = [{ pool: pool.address, kind: 3, tokenIn: swap.token("WETH"), tokenOut: swap.token("USDC"), fee: 500 }];
    const data = encodeFunctionData({
      abi: loadArtifact("PerchSwapExecutor").abi,
      functionName: "execute",
      args: ["0x0000000000000000000000000000000000000000", swap.token("USDC"), amountIn, [{ amountIn, hops }], want, user, 2n ** 40n],
    });
    const hash = await rpc(swap.url, "eth_sendTransaction", [{ from: user, to: state.swap.executor, data, value: `0x${amountIn.toString(16)}`, gas: "0x80000" }]);
    const receipt = await swap.client.waitForTransactionReceipt({ hash, pollingInterval: 100, timeout: 10_000 });
    assert.equal(receipt.status, "success");
    assert.equal(await swap.balance("USDC", user), before + want);
  });

  it("bridges through the ERC-7683 settlers on the running chains: open (ETH) and gasless openFor (USDC through Permit2), each filled once on the destination", async () => {
    const { OriginSettler, DestinationSettler, Permit2, USDC } = state.contracts;
    const chainOf = (id) => {
      const url = state.chains.find((c) => c.chain_id === id).rpc_url;
      const chain = { id, name: `chain ${id}`, nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: [url] } } };
      const pub = createPublicClient({ chain, transport: http(url), pollingInterval: 100 });
      const wallet = (address) => createWalletClient({ chain, transport: http(url), account: address });
      const send = async (from, address, abi, functionName, args, value) => {
        const hash = await wallet(from).writeContract({ address, abi, functionName, args, value, gas: 400_000n });
        const r = await pub.waitForTransactionReceipt({ hash, timeout: 20_000 });
        assert.equal(r.status, "success", `${functionName} on ${id}`);
        return r;
      };
      return { pub, send };
    };
    const [base, arb] = [chainOf(8453), chainOf(42161)];
    const origin = loadArtifact("PerchOriginSettler").abi;
    const dest = loadArtifact("PerchDestinationSettler").abi;
    const { maker, users } = state.accounts;
    const word = (a) => pad(a, { size: 32 }).toLowerCase();
    const orderData = (d) => encodeAbiParameters(parseAbiParameters("address, uint256, bytes32, uint256, uint256, bytes32, uint256"), d);
    const typeHash = await base.pub.readContract({ address: OriginSettler, abi: origin, functionName: "ORDER_DATA_TYPEHASH" });
    const now = Number((await base.pub.getBlock()).timestamp);
    const opened = (r) => parseEventLogs({ abi: origin, logs: r.logs, eventName: "Open" })[0].args;

    // open: the user pays 0.2 ETH on Base, the recipient gets 0.199 ETH on Arbitrum.
    const ethUser = users[4], ethTo = users[5];
    const ethOrder = { fillDeadline: now + 600, orderDataType: typeHash,
      orderData: orderData([zeroAddress, parseEther("0.2"), zeroHash, parseEther("0.199"), 42161n, word(ethTo), 0n]) };
    // openFor: user #9 (users[7]) signs; users[6] relays and pays the gas.
    const signer = account(9);
    assert.equal(signer.address, users[7]);
    await base.send(signer.address, USDC, erc20Abi, "approve", [Permit2, 2n ** 256n - 1n]);
    const usdcOrder = { originSettler: OriginSettler, user: signer.address, nonce: 77n, originChainId: 8453n,
      openDeadline: now + 300, fillDeadline: now + 600, orderDataType: typeHash,
      orderData: orderData([USDC, parseUnits("25", 6), word(USDC), parseUnits("24.9", 6), 42161n, word(users[0]), 0n]) };
    const signature = await signer.signTypedData({
      domain: { name: "Permit2", chainId: 8453, verifyingContract: Permit2 },
      primaryType: "PermitWitnessTransferFrom",
      types: {
        PermitWitnessTransferFrom: [{ name: "permitted", type: "TokenPermissions" }, { name: "spender", type: "address" }, { name: "nonce", type: "uint256" }, { name: "deadline", type: "uint256" }, { name: "witness", type: "GaslessCrossChainOrder" }],
        TokenPermissions: [{ name: "token", type: "address" }, { name: "amount", type: "uint256" }],
        GaslessCrossChainOrder: [{ name: "originSettler", type: "address" }, { name: "user", type: "address" }, { name: "nonce", type: "uint256" }, { name: "originChainId", type: "uint256" }, { name: "openDeadline", type: "uint32" }, { name: "fillDeadline", type: "uint32" }, { name: "orderDataType", type: "bytes32" }, { name: "orderData", type: "bytes" }],
      },
      message: { permitted: { token: USDC, amount: parseUnits("25", 6) }, spender: OriginSettler, nonce: 77n, deadline: BigInt(usdcOrder.openDeadline), witness: usdcOrder },
    });
    const signerEth = await base.pub.getBalance({ address: signer.address });
    const [ethOpen, usdcOpen] = await Promise.all([
      base.send(ethUser, OriginSettler, origin, "open", [ethOrder], parseEther("0.2")),
      base.send(users[6], OriginSettler, origin, "openFor", [usdcOrder, signature, "0x"]),
    ]);
    assert.equal(await base.pub.getBalance({ address: signer.address }), signerEth, "the gasless user spent nothing");

    // The maker fills both on Arbitrum from what the Open logs say.
    const recipientEth = await arb.pub.getBalance({ address: ethTo });
    const recipientUsdc = await arb.pub.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [users[0]] });
    await arb.send(maker, USDC, erc20Abi, "approve", [DestinationSettler, 2n ** 256n - 1n]);
    for (const [r, value] of [[ethOpen, parseEther("0.199")], [usdcOpen, undefined]]) {
      const { orderId, resolvedOrder } = opened(r);
      await arb.send(maker, DestinationSettler, dest, "fill", [orderId, resolvedOrder.fillInstructions[0].originData, "0x"], value);
      assert.equal(await arb.pub.readContract({ address: DestinationSettler, abi: dest, functionName: "filledBy", args: [orderId] }), maker);
      await assert.rejects(arb.pub.simulateContract({ account: maker, address: DestinationSettler, abi: dest, functionName: "fill", args: [orderId, resolvedOrder.fillInstructions[0].originData, "0x"], value }), /AlreadyFilled/);
    }
    assert.equal(await arb.pub.getBalance({ address: ethTo }), recipientEth + parseEther("0.199"));
    assert.equal(await arb.pub.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [users[0]] }), recipientUsdc + parseUnits("24.9", 6));
  });

  it("mines a block about every second with automine off", async () => {
    const url = state.chains[0].rpc_url;
    // Asked, not inferred from a missing receipt: an interval block may land between the send and the read.
    assert.equal(await rpc(url, "hardhat_getAutomine", []), false, "automine is on");
    const hash = await rpc(url, "eth_sendTransaction", [{ from: state.accounts.users[0], to: state.accounts.users[1], value: "0x1" }]);
    const b0 = Number(BigInt(await rpc(url, "eth_blockNumber")));
    await new Promise((r) => setTimeout(r, 2600));
    const b1 = Number(BigInt(await rpc(url, "eth_blockNumber")));
    assert.ok(b1 - b0 >= 2 && b1 - b0 <= 4, `mined ${b1 - b0} blocks in 2.6 s`);
    const receipt = await rpc(url, "eth_getTransactionReceipt", [hash]);
    assert.equal(receipt?.status, "0x1");
  });

  it("stops every node on SIGTERM and removes state.json", async () => {
    runner.kill("SIGTERM");
    const { code } = await exited;
    assert.equal(code, 0);
    for (const c of state.chains) {
      assert.equal(isAlive(c.pid), false, `node ${c.pid} still alive`);
      assert.equal(await probeChainId(c.rpc_url), null);
    }
    assert.equal(isAlive(state.solana.pid), false, "solana node still alive");
    assert.equal(await probeSolana(state.solana.rpc_url), null);
    assert.equal(fs.existsSync(path.join(stateDir, "state.json")), false);
  });
});
