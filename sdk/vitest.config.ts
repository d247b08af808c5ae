import { defineConfig } from 'vitest/config';

// Runs against the real perch and devnet (PERCH_URL, PERCH_DEVNET_STATE): one file at a time.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], fileParallelism: false, testTimeout: 30_000 },
});
