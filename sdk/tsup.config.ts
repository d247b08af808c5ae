import { defineConfig } from 'tsup';

// One build for Node and browsers: ESM + CJS, platform neutral (fetch, ReadableStream and
// TextDecoder are globals in both), viem left to the application.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  platform: 'neutral',
  target: 'es2022',
  dts: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  external: ['viem'],
});
