import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { widgetSelectors } from './src/features/widget/cssScope';

// @perch/widget (widget/): the app's own bridge card built as a library from web/src, with web's
// node_modules (the widget has none of its own). React is the host page's: peer dependencies, not bundled.
// `npm run build:widget` here, or `make widget`; widget/scripts/budget.mjs checks the gzip size after.
export const WIDGET_EXTERNAL = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'react/jsx-dev-runtime'];

/**
 * PostCSS, for this build only: the app's page-wide rules (:root's theme variables, html's and
 * body's margins and type) scoped to the widget's root, so the partner's page keeps its own.
 */
const scopeToWidget = {
  postcssPlugin: 'perch-widget-scope',
  Rule(rule: { selectors: string[]; remove: () => void }) {
    const scoped = widgetSelectors(rule.selectors);
    if (scoped.length === 0) rule.remove();
    else if (scoped.join(',') !== rule.selectors.join(',')) rule.selectors = scoped;
  },
};

export default defineConfig({
  plugins: [react()],
  css: { postcss: { plugins: [scopeToWidget] } },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // react-i18next's CommonJS shim would require('react') at run time, which an ES module
      // with React external cannot do: React's own hook instead (React 19 is the peer).
      { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL('../widget/src/useSyncExternalStore.ts', import.meta.url)) },
    ],
  },
  // Library mode leaves process.env alone; the bundled libraries read NODE_ENV.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: fileURLToPath(new URL('../widget/dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: fileURLToPath(new URL('../widget/src/index.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'perch-widget.js',
      cssFileName: 'perch-widget',
    },
    rollupOptions: {
      // As in the app: WalletConnect's own QR modal (Reown AppKit) is never used.
      external: [...WIDGET_EXTERNAL, '@reown/appkit/core'],
    },
  },
});
