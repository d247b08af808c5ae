/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies /api to the C++ server (PERCH_API, default http://127.0.0.1:8080).
const apiTarget = process.env.PERCH_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
    // The docs import ../docs/*.md and /deploy ../config/deploy-templates.json (compiled contracts);
    // a deployment's own settings come from GET app-config, never from ../config.
    fs: { allow: ['..'] },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // @walletconnect/ethereum-provider imports Reown's AppKit only for its own QR modal
      // (showQrModal), which Perch turns off (its QR modal is the app's): not bundled.
      external: ['@reown/appkit/core'],
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
  },
});
