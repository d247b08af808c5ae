#!/usr/bin/env node
// Generates Perch's reference data from maintained packages (see tools/README.md):
//   config/chains.json         EVM chains from `viem/chains` (curated list below)
//   config/tokens.json         native tokens of every chain + USDC/USDT/WBTC/wstETH/BTC
//   config/pool-allowlist.json the /pool allow-list (Hardhat #2, #3 + 13 derived addresses)
//   web/public/icons/**.svg    network, token, exchange, channel and wallet icons from @web3icons/core
// Hand-written inputs it reads and checks: config/chains-extra.json, config/exchanges.json,
// config/channels.json. Output is deterministic: running it twice gives no diff.
//
// Run: cd tools && npm ci && node gen-chains.mjs        (add --check to only verify, no writes)
import * as viemChains from 'viem/chains';
import { getAddress, keccak256, toBytes } from 'viem';
import { networks as iconNetworks } from '@web3icons/common';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONFIG = join(ROOT, 'config');
const ICONS = join(ROOT, 'web', 'public', 'icons');
const CHECK_ONLY = process.argv.includes('--check');

// ---------------------------------------------------------------------------------------------
// Curated EVM chains, by `viem/chains` export name. APPEND new chains at the end: a chain's
// network_code is 9001 + its index here, so reordering would renumber codes.
// Per-chain overrides: name = stable chain_name, alias = display name.
const CURATED = [
  // The spec's chain ids (section 3) that viem has (195 and 54176 are in chains-extra.json).
  ['linea', { name: 'Linea', alias: 'Linea' }],
  ['scrollSepolia'],
  ['opBNB', { name: 'OpBNB', alias: 'opBNB' }],
  ['opBNBTestnet', { name: 'OpBNBTestnet', alias: 'opBNB Testnet' }],
  ['manta', { name: 'Manta', alias: 'Manta Pacific' }],
  ['kroma'],
  ['scroll'],
  ['zetachain', { name: 'ZetaChain' }],
  ['taiko'],
  ['pgn', { name: 'PGN', alias: 'PGN' }],
  ['zkFair', { name: 'ZKFair', alias: 'ZKFair' }],
  ['mapProtocol', { name: 'MAPProtocol', alias: 'MAP Protocol' }],
  ['blast'],
  ['xLayer', { name: 'XLayer', alias: 'X Layer' }],
  ['merlin'],
  ['coreDao', { name: 'Core', alias: 'Core' }],
  ['bob', { name: 'BOB', alias: 'BOB' }],
  ['cyber'],
  ['mint'],
  ['avalanche'],
  ['fantom'],
  ['sonic'],
  ['soneium', { name: 'Soneium', alias: 'Soneium' }],
  ['abstract'],
  ['monadTestnet'],
  ['berachain'],
  ['hemi'],
  ['goat', { name: 'GOAT', alias: 'GOAT Network' }],
  // Check-in chains (spec section 9) not listed above.
  ['zksync', { name: 'ZkSync', alias: 'zkSync Era' }],
  ['bsc', { name: 'BSC', alias: 'BNB Chain' }],
  ['base'],
  ['bitlayer', { name: 'Bitlayer', alias: 'Bitlayer' }],
  ['zircuit', { name: 'Zircuit', alias: 'Zircuit' }],
  // Large networks.
  ['mainnet', { name: 'Ethereum', alias: 'Ethereum' }],
  ['optimism', { name: 'Optimism', alias: 'Optimism' }],
  ['arbitrum', { name: 'Arbitrum', alias: 'Arbitrum One' }],
  ['polygon'],
  ['mantle'],
  ['mode', { name: 'Mode', alias: 'Mode' }],
  ['zora'],
  ['polygonZkEvm', { name: 'PolygonZkEVM', alias: 'Polygon zkEVM' }],
  ['unichain'],
  ['worldchain', { name: 'WorldChain' }],
  ['ink'],
  // Testnets.
  ['sepolia'],
  ['holesky'],
  ['baseSepolia'],
  ['arbitrumSepolia'],
  ['optimismSepolia'],
  ['lineaSepolia', { name: 'LineaSepolia', alias: 'Linea Sepolia' }],
  ['zksyncSepoliaTestnet', { name: 'ZkSyncSepolia', alias: 'zkSync Sepolia' }],
  ['bscTestnet', { name: 'BSCTestnet', alias: 'BNB Chain Testnet' }],
  ['polygonAmoy'],
  ['unichainSepolia'],
  ['taikoHekla', { name: 'TaikoHekla', alias: 'Taiko Hekla' }],
  // Other mainnets.
  ['gnosis'],
  ['celo'],
  ['moonbeam'],
  ['cronos'],
  ['arbitrumNova'],
  ['kaia'],
  ['metis'],
  ['boba', { name: 'Boba', alias: 'Boba Network' }],
  ['aurora'],
  ['fraxtal'],
  ['lisk'],
  ['apeChain'],
  ['morph'],
  ['sei', { name: 'Sei', alias: 'Sei' }],
  ['superseed'],
  ['plumeMainnet', { name: 'Plume', alias: 'Plume' }],
  ['swellchain'],
  ['iotex', { name: 'IoTeX', alias: 'IoTeX' }],
  ['flare'],
  ['gravity'],
  ['bsquared', { name: 'B2', alias: 'B² Network' }],
  ['bevmMainnet', { name: 'BEVM', alias: 'BEVM' }],
  ['rootstock'],
  ['confluxESpace', { name: 'ConfluxESpace' }],
  ['plasma'],
  ['hyperEvm', { name: 'HyperEVM', alias: 'HyperEVM' }],
  ['monad'],
];

// Popularity (higher = more popular) for the network list's "popular" sort; ids may be in
// chains-extra.json too. Popular chains come first in `order`, by this list.
const POPULAR = [
  [1, 100], [42161, 95], [8453, 90], [10, 85], [56, 80], [999706684, 75], [83797601, 70],
  [59144, 65], [324, 60], [534352, 55], [137, 50], [81457, 45], [666666666, 40],
];
const POPULAR_WEIGHT = new Map(POPULAR);
const POPULAR_RANK = new Map(POPULAR.map(([id], i) => [id, i + 1]));

// EVM chains of the Bitcoin ecosystem (BTC as gas or BTC layer 2s): tagged "Bitcoin" too.
const BITCOIN_ECOSYSTEM = new Set([4200, 200901, 60808, 2345, 223, 11501, 30, 1116, 43111]);

// The spec's ids (section 3) and check-in icon ids (section 9): all must be present.
const SPEC_IDS = [59144, 534351, 204, 5611, 169, 255, 534352, 7000, 195, 167000, 424, 42766, 22776,
  81457, 196, 4200, 1116, 60808, 7560, 185, 43114, 250, 146, 1868, 2741, 10143, 80094, 43111, 2345,
  54176, 666666666, 83797601, 69677601, 999706684, 999706677, 66706701, 9889,
  324, 169, 204, 56, 59144, 255, 534352, 81457, 8453, 200901, 48900, 1868];
const HIDDEN_IDS = new Set([61022, 8086]); // the server drops them; keep them out of the data

// Icons: @web3icons network id per chain id where its metadata has no (or a wrong) eip155 id,
// and a parent chain whose icon a chain without its own borrows.
const ICON_OVERRIDES = new Map([
  [169, 'manta-pacific'], [43111, 'hemi'], [666666666, 'starknet'], [83797601, 'solana'],
  [999706684, 'bitcoin'], [999706677, 'bitcoin'], [9889, 'fuel'], [195, 'x-layer'],
]);
// Chains without a network SVG whose project token has one (Core DAO's CORE, CyberConnect's CYBER).
const ICON_TOKEN = new Map([[1116, 'CORE'], [7560, 'CYBER']]);
const ICON_PARENT = new Map([
  [204, 56], [5611, 56], [17000, 1], [1301, 130], [534351, 534352],
]);

// ---------------------------------------------------------------------------------------------
const problems = [];
const fail = (msg) => problems.push(msg);

const words = (s) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const pascal = (s) => words(s).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const uniq = (xs) => [...new Set(xs)];
const stable = (value) => JSON.stringify(value, null, 2) + '\n';

function displayName(viemName) {
  return viemName.replace(/\s+Mainnet$/i, '').replace(/^Mainnet$/i, 'Ethereum').trim();
}

function fromViem(key, overrides = {}) {
  const c = viemChains[key];
  if (!c || typeof c.id !== 'number') throw new Error(`viem/chains has no export '${key}'`);
  const alias = overrides.alias ?? displayName(c.name);
  const name = overrides.name ?? pascal(alias);
  const explorers = [];
  const exp = c.blockExplorers ?? {};
  for (const k of ['default', ...Object.keys(exp).filter((k) => k !== 'default').sort()]) {
    const e = exp[k];
    const url = e?.url?.replace(/\/+$/, '');
    if (url && !explorers.some((x) => x.url === url)) explorers.push({ name: e.name, url });
  }
  const rpc = uniq([...(c.rpcUrls?.default?.http ?? []), ...(c.rpcUrls?.public?.http ?? [])])
    .filter((u) => /^https?:\/\//.test(u));
  return {
    chain_id: c.id,
    chain_name: name,
    alias_name: alias,
    is_testnet: Boolean(c.testnet),
    explorer_url: explorers[0]?.url ?? '',
    native_currency: {
      name: c.nativeCurrency.name, symbol: c.nativeCurrency.symbol, decimals: c.nativeCurrency.decimals,
    },
    rpc_urls: rpc,
    block_explorers: explorers,
  };
}

function popularItems(id, evm) {
  const weight = POPULAR_WEIGHT.get(id) ?? 0;
  const tags = ['ALL', evm ? 'EVM' : 'Non-EVM'];
  if (BITCOIN_ECOSYSTEM.has(id) || id === 999706684 || id === 999706677) tags.push('Bitcoin');
  return tags.map((tag) => ({ tag, weight }));
}

// ---------------------------------------------------------------------------------------------
// Chains.
const extra = JSON.parse(readFileSync(join(CONFIG, 'chains-extra.json'), 'utf8')).chains;
const extraIds = new Set(extra.map((c) => c.chain_id));

const evm = CURATED.map(([key, ov], index) => ({ ...fromViem(key, ov), network_code: 9001 + index }));
for (const c of evm) {
  if (extraIds.has(c.chain_id)) fail(`chain ${c.chain_id} is both generated and in chains-extra.json`);
  if (HIDDEN_IDS.has(c.chain_id)) fail(`chain ${c.chain_id} is hidden by the server: drop it`);
}

// order: 1..99 popular (by POPULAR), 100+ other mainnets by display name, 3000+ testnets by
// display name. Hand-written chains in chains-extra.json carry their own order (2000+ for
// non-popular ones, 3900+ for hand-written testnets) and must agree with POPULAR.
const byAlias = (a, b) => a.alias_name.toLowerCase().localeCompare(b.alias_name.toLowerCase(), 'en') || a.chain_id - b.chain_id;
const others = evm.filter((c) => !POPULAR_RANK.has(c.chain_id));
const mainnets = others.filter((c) => !c.is_testnet).sort(byAlias);
const testnets = others.filter((c) => c.is_testnet).sort(byAlias);
const orderOf = new Map();
for (const c of evm) if (POPULAR_RANK.has(c.chain_id)) orderOf.set(c.chain_id, POPULAR_RANK.get(c.chain_id));
mainnets.forEach((c, i) => orderOf.set(c.chain_id, 100 + i));
testnets.forEach((c, i) => orderOf.set(c.chain_id, 3000 + i));
if (mainnets.length > 1900 - 100) fail('too many mainnets for the order blocks');

function iconSlug(c) { return c.alias_name.replace(/²/g, '2').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''); }

const chains = evm.map((c) => {
  const symbol = c.native_currency.symbol;
  return {
    chain_id: c.chain_id,
    chain_name: c.chain_name,
    alias_name: c.alias_name,
    is_testnet: c.is_testnet,
    explorer_url: c.explorer_url,
    network_code: c.network_code,
    popular_item_list: popularItems(c.chain_id, true),
    icon: `/icons/networks/${iconSlug(c)}.svg`,
    flags: { evm: true, bitcoin: false, non_evm: false },
    disabled: false,
    order: orderOf.get(c.chain_id),
    searchText: uniq(`${c.chain_name} ${c.alias_name} ${symbol} ${c.chain_id}`.toLowerCase().split(/\s+/)).join(' '),
    native_currency: c.native_currency,
    rpc_urls: c.rpc_urls,
    block_explorers: c.block_explorers,
  };
}).sort((a, b) => a.order - b.order || a.chain_id - b.chain_id);

// Checks over generated + hand-written chains.
const FIELDS = ['chain_id', 'chain_name', 'alias_name', 'is_testnet', 'explorer_url', 'network_code',
  'popular_item_list', 'icon', 'flags', 'disabled', 'order', 'searchText', 'native_currency',
  'rpc_urls', 'block_explorers'];
const all = [...chains, ...extra];
for (const c of extra) {
  for (const f of FIELDS) if (!(f in c)) fail(`chains-extra.json: chain ${c.chain_id} lacks '${f}'`);
  if (POPULAR_RANK.has(c.chain_id) && c.order !== POPULAR_RANK.get(c.chain_id)) {
    fail(`chains-extra.json: chain ${c.chain_id} order ${c.order}, expected ${POPULAR_RANK.get(c.chain_id)} (POPULAR)`);
  }
  const w = POPULAR_WEIGHT.get(c.chain_id) ?? 0;
  if (!c.popular_item_list.every((p) => p.weight === w)) fail(`chains-extra.json: chain ${c.chain_id} weight should be ${w}`);
  if (HIDDEN_IDS.has(c.chain_id)) fail(`chains-extra.json: chain ${c.chain_id} is hidden by the server`);
}
for (const key of ['chain_id', 'chain_name', 'network_code', 'order', 'icon']) {
  const seen = new Map();
  for (const c of all) {
    if (seen.has(c[key])) fail(`${key} ${c[key]} is used by chains ${seen.get(c[key])} and ${c.chain_id}`);
    seen.set(c[key], c.chain_id);
  }
}
for (const c of all) {
  if (!(c.network_code >= 1000 && c.network_code <= 9999)) fail(`chain ${c.chain_id}: network_code must have 4 digits`);
  if (c.rpc_urls.length === 0) fail(`chain ${c.chain_id}: no RPC URL`);
}
const allIds = new Set(all.map((c) => c.chain_id));
for (const id of SPEC_IDS) if (!allIds.has(id)) fail(`spec chain id ${id} is missing`);
if (!all.some((c) => c.chain_id === 1868 && c.chain_name === 'Soneium')) fail('check-in chain 1868 must be Soneium');

// ---------------------------------------------------------------------------------------------
// Tokens. Stablecoin contracts are the issuers' canonical mainnet deployments; where
// @web3icons/common's token metadata lists an address for the network it must agree.
const ZERO = '0x0000000000000000000000000000000000000000';
const STABLES = {
  USDC: {
    1: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 10: '0x0b2c639c533813f4aa9d7837caf62653d097ff85',
    42161: '0xaf88d065e77c8cc2239327c5edb3a432268e5831', 8453: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
    137: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', 56: '0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d',
    59144: '0x176211869ca2b568f2a7d4ee941e073a821ee1ff', 324: '0x1d17cbcf0d6d143135ae902365d2e5e2a16538d4',
    534352: '0x06efdbff2a14a7c8e15944d1f4a48f9f95f663a4',
  },
  USDT: {
    1: '0xdac17f958d2ee523a2206206994597c13d831ec7', 10: '0x94b008aa00579c1307b0ef2c499ad98a8ce58e58',
    42161: '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9', 8453: '0xfde4c96c8593536e31f229ea8f37b2ada2699bb2',
    137: '0xc2132d05d31c914a87c6611c10748aeb04b58e8f', 56: '0x55d398326f99059ff775485246999027b3197955',
    59144: '0xa219439258ca9da29e9cc4ce5596924745e12b93', 324: '0x493257fd37edb34451f62edf8d2a0c418852ba4c',
    534352: '0xf55bec9cafdbe8730f096aa55dad6d22d44099df',
  },
};
// Native assets that have a token address: Starknet's ETH is an ERC-20 contract.
const NATIVE_ADDRESS = { 666666666: '0x049d36570d4e46f48e99674bd3fcc84644ddd6b96f7c741b1562b82f9e004dc7' };
const ICON_NETWORK_KEY = { 1: 'ethereum', 10: 'optimistic-ethereum', 42161: 'arbitrum-one', 8453: 'base', 137: 'polygon-pos', 56: 'binance-smart-chain' };
const { tokens: iconTokens } = await import('@web3icons/common');
const tokenMeta = { USDC: iconTokens.find((t) => t.id === 'usd-coin'), USDT: iconTokens.find((t) => t.id === 'tether') };

const tokens = [];
for (const c of all) {
  const n = c.native_currency;
  const nonEvm = !c.flags.evm;
  const address = NATIVE_ADDRESS[c.chain_id] ?? (nonEvm ? '' : ZERO);
  tokens.push({ symbol: n.symbol, chainId: c.chain_id, address, decimals: n.decimals });
}
for (const [symbol, byChain] of Object.entries(STABLES)) {
  for (const [id, addr] of Object.entries(byChain)) {
    const chainId = Number(id);
    if (!allIds.has(chainId)) { fail(`${symbol} on unknown chain ${chainId}`); continue; }
    const known = tokenMeta[symbol]?.addresses?.[ICON_NETWORK_KEY[chainId]];
    if (known && known.toLowerCase() !== addr) fail(`${symbol} on ${chainId}: ${addr} differs from @web3icons metadata ${known}`);
    tokens.push({ symbol, chainId, address: getAddress(addr), decimals: chainId === 56 ? 18 : 6 });
  }
}
tokens.push({ symbol: 'WBTC', chainId: 1, address: getAddress('0x2260fac5e5542a773aa44fbcfedf7c193bc2c599'), decimals: 8 });
tokens.push({ symbol: 'wstETH', chainId: 1, address: getAddress('0x7f39c581f595b53c5cb19bd0b3f8da6c935e2ca0'), decimals: 18 });
const tokenOrder = ['ETH', 'BTC', 'USDC', 'USDT', 'WBTC', 'wstETH'];
const rank = (s) => { const i = tokenOrder.indexOf(s); return i < 0 ? tokenOrder.length : i; };
tokens.sort((a, b) => rank(a.symbol) - rank(b.symbol) || a.symbol.localeCompare(b.symbol, 'en') || a.chainId - b.chainId);
{
  const seen = new Set();
  for (const t of tokens) {
    const k = `${t.symbol}@${t.chainId}`;
    if (seen.has(k)) fail(`token ${k} listed twice`);
    seen.add(k);
  }
}

// ---------------------------------------------------------------------------------------------
// Pool allow-list: Hardhat's test accounts #2 and #3 (end-to-end tests sign with them) and 13
// addresses derived as the last 20 bytes of keccak256("perch-pool-N"), N = 1..13.
const pool = [
  '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  ...Array.from({ length: 13 }, (_, i) => '0x' + keccak256(toBytes(`perch-pool-${i + 1}`)).slice(-40)),
].map((a) => a.toLowerCase());
if (new Set(pool).size !== 15) fail('pool allow-list must have 15 distinct addresses');

// ---------------------------------------------------------------------------------------------
// Hand-written exchanges and channels: checked here, icons generated for them.
const exchanges = JSON.parse(readFileSync(join(CONFIG, 'exchanges.json'), 'utf8')).exchanges;
if (!exchanges.some((e) => e.id === 11 && e.name === 'Binance')) fail('exchanges.json: Binance must have id 11');
if (new Set(exchanges.map((e) => e.id)).size !== exchanges.length) fail('exchanges.json: duplicate id');
const channelsDoc = JSON.parse(readFileSync(join(CONFIG, 'channels.json'), 'utf8'));
const NAV = new Set(['bridge', 'swap', 'rewards', 'deploy', 'pool', 'portfolio']);
const GROUPS = new Set(['evm', 'solana', 'eclipse', 'fuel', 'starknet', 'benfen', 'bitcoin']);
if (!channelsDoc.channels.some((c) => c.channel_id === channelsDoc.default_channel_id)) fail('channels.json: default channel missing');
for (const ch of channelsDoc.channels) {
  if (!ch.nav.every((n) => NAV.has(n))) fail(`channels.json: ${ch.channel_id} has an unknown nav entry`);
  if (!ch.wallet_groups.every((g) => GROUPS.has(g))) fail(`channels.json: ${ch.channel_id} has an unknown wallet group`);
}
{
  const domains = channelsDoc.channels.flatMap((c) => c.domains.map((d) => d.toLowerCase()));
  if (new Set(domains).size !== domains.length) fail('channels.json: a domain is used twice');
}

// ---------------------------------------------------------------------------------------------
// Icons (SVG only). Sources: @web3icons/core "branded" variant through its package exports.
async function coreSvg(kind, id) {
  try {
    return (await import(`@web3icons/core/svgs/${kind}/branded/${id}.svg.js`)).default;
  } catch {
    return null;
  }
}
const PALETTE = ['#5B6CFF', '#00A676', '#F28C28', '#D64550', '#7B4FD6', '#1E88E5', '#2E7D32', '#C2185B'];
function genericSvg(label) {
  const text = (label.match(/[A-Za-z0-9]/)?.[0] ?? '?').toUpperCase();
  let h = 0;
  for (const ch of label) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const fill = PALETTE[h % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">` +
    `<circle cx="12" cy="12" r="12" fill="${fill}"/>` +
    `<text x="12" y="16.5" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="13" font-weight="700" fill="#fff">${text}</text>` +
    `</svg>\n`;
}
// A network's SVG file is named by its metadata filePath ('network:arbitrum-one'), which for
// testnets often points at the mainnet's file.
const iconFile = new Map(iconNetworks.map((n) => [n.id, (n.filePath ?? `network:${n.id}`).replace(/^network:/, '')]));
const iconByChainId = new Map();
for (const n of [...iconNetworks].sort((a, b) => a.id.localeCompare(b.id, 'en'))) {
  const m = /^eip155:(\d+)$/.exec(n.caip2id ?? '');
  if (m && n.variants.includes('branded') && !iconByChainId.has(Number(m[1]))) iconByChainId.set(Number(m[1]), n.id);
}
const networkIconId = (id) => {
  const meta = ICON_OVERRIDES.get(id) ?? iconByChainId.get(id);
  if (meta) return iconFile.get(meta) ?? meta;
  return ICON_PARENT.has(id) ? networkIconId(ICON_PARENT.get(id)) : undefined;
};

const files = new Map(); // relative path under web/public/icons -> svg text
const generic = [];
for (const c of all) {
  const rel = c.icon.replace(/^\/icons\//, '');
  if (!/^networks\/[a-z0-9-]+\.svg$/.test(rel)) { fail(`chain ${c.chain_id}: icon path ${c.icon}`); continue; }
  const id = networkIconId(c.chain_id);
  let svg = id ? await coreSvg('networks', id) : null;
  if (!svg && ICON_TOKEN.has(c.chain_id)) svg = await coreSvg('tokens', ICON_TOKEN.get(c.chain_id));
  if (!svg) generic.push(c.chain_id);
  files.set(rel, svg ?? genericSvg(c.alias_name));
}
const TOKEN_ICONS = ['ETH', 'USDC', 'USDT', 'BTC', 'WBTC', 'wstETH', 'DAI', 'BNB'];
for (const sym of TOKEN_ICONS) {
  const svg = await coreSvg('tokens', sym.toUpperCase());
  if (!svg) generic.push(sym);
  files.set(`tokens/${sym.toLowerCase()}.svg`, svg ?? genericSvg(sym));
}
const EXCHANGE_ICON_IDS = { gate: 'gate-io' };
for (const e of exchanges) {
  const rel = e.icon.replace(/^\/icons\//, '');
  const slug = rel.replace(/^exchanges\//, '').replace(/\.svg$/, '');
  if (!/^exchanges\/[a-z0-9-]+\.svg$/.test(rel)) { fail(`exchange ${e.id}: icon path ${e.icon}`); continue; }
  const svg = await coreSvg('exchanges', EXCHANGE_ICON_IDS[slug] ?? slug);
  if (!svg) generic.push(e.name);
  files.set(rel, svg ?? genericSvg(e.name));
}
for (const ch of channelsDoc.channels) {
  const logo = ch.theme?.logo ?? '';
  if (!logo.startsWith('/icons/')) continue;
  const rel = logo.replace(/^\/icons\//, '');
  if (files.has(rel)) continue;
  if (!/^channels\/[a-z0-9-]+\.svg$/.test(rel)) { fail(`channel ${ch.channel_id}: logo ${logo} is not generated`); continue; }
  const chainIcon = ch.icon_chain_id ? networkIconId(ch.icon_chain_id) : undefined;
  const svg = chainIcon ? await coreSvg('networks', chainIcon) : null;
  if (!svg) generic.push(`channel ${ch.name}`);
  files.set(rel, svg ?? genericSvg(ch.name));
}

// Wallet icons of the wallet modal (web/src/wallet/evmWallets.ts names these files). Bitget, Binance
// and Gate have no wallet SVG in @web3icons/core: their exchange's mark stands for their wallet.
const WALLET_ICONS = {
  metamask: ['wallets', 'metamask'], okx: ['wallets', 'okx'], coinbase: ['wallets', 'coinbase'],
  rabby: ['wallets', 'rabby'], trust: ['wallets', 'trust'], bitget: ['exchanges', 'bitget'],
  binance: ['exchanges', 'binance'], gate: ['exchanges', 'gate-io'], imtoken: ['wallets', 'imtoken'],
  tokenpocket: ['wallets', 'token-pocket'], phantom: ['wallets', 'phantom'], zerion: ['wallets', 'zerion'],
  rainbow: ['wallets', 'rainbow'], walletconnect: ['wallets', 'wallet-connect'], injected: null,
};
for (const [file, source] of Object.entries(WALLET_ICONS)) {
  const svg = source ? await coreSvg(source[0], source[1]) : null;
  if (source && !svg) generic.push(`wallet ${file}`);
  files.set(`wallets/${file}.svg`, svg ?? genericSvg('Wallet'));
}

// ---------------------------------------------------------------------------------------------
if (problems.length) {
  console.error(problems.map((p) => `error: ${p}`).join('\n'));
  process.exit(1);
}
const outputs = new Map([
  [join(CONFIG, 'chains.json'), stable({ chains })],
  [join(CONFIG, 'tokens.json'), stable({ tokens })],
  [join(CONFIG, 'pool-allowlist.json'), stable({ addresses: pool })],
]);
for (const [rel, svg] of files) outputs.set(join(ICONS, rel), svg.endsWith('\n') ? svg : svg + '\n');

if (CHECK_ONLY) {
  const stale = [...outputs].filter(([p, text]) => !existsSync(p) || readFileSync(p, 'utf8') !== text).map(([p]) => p);
  if (stale.length) { console.error(`out of date:\n${stale.join('\n')}`); process.exit(1); }
  console.log('reference data is up to date');
  process.exit(0);
}
for (const dir of ['networks', 'tokens', 'exchanges', 'channels', 'wallets']) {
  const d = join(ICONS, dir);
  if (existsSync(d)) for (const f of readdirSync(d)) if (f.endsWith('.svg')) rmSync(join(d, f));
}
for (const [p, text] of outputs) {
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
}
const nonEvm = extra.filter((c) => !c.flags.evm).length;
console.log(`chains.json: ${chains.length} EVM chains from viem; chains-extra.json: ${extra.length} ` +
  `hand-written (${nonEvm} non-EVM); total ${all.length} (${all.filter((c) => c.is_testnet).length} testnets)`);
console.log(`tokens.json: ${tokens.length} tokens; pool-allowlist.json: ${pool.length} addresses`);
console.log(`icons: ${files.size} SVG files, generic (no @web3icons SVG): ${generic.join(', ') || 'none'}`);
