import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { HARDHAT_MNEMONIC, PERCH_URL, rpcUrl, walletOn } from './env.js';

/** Hardhat account #8: the example's wallet (no other test uses it). */
const example = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 8 });
const privateKey = toHex(example.getHdKey().privateKey ?? new Uint8Array());

describe('examples/bridge.mjs (the built package, as a user runs it)', () => {
  it('bridges ETH from 42161 to 8453 and ends completed, the recipient credited', async () => {
    const before = await walletOn(8453).getBalance({ address: example.address });
    const { stdout } = await promisify(execFile)('node', ['examples/bridge.mjs'], {
      env: { ...process.env, PERCH_URL, RPC_URL: rpcUrl(42161), PRIVATE_KEY: privateKey, FROM_CHAIN: '42161', TO_CHAIN: '8453', TOKEN: 'ETH', AMOUNT: '0.01' },
      timeout: 150_000,
    });
    expect(stdout).toMatch(/^quoted: receive /m);
    expect(stdout).toMatch(/^deposited: 0x[0-9a-f]{64}$/m);
    const result = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { state: string; receive_amount: string };
    expect(result.state).toBe('completed');
    const after = await walletOn(8453).getBalance({ address: example.address });
    expect(after - before).toBe(BigInt(result.receive_amount));
  }, 180_000);
});
