// use-sync-external-store/shim for the widget build: React 18+ has the hook, and the shim is
// CommonJS that require()s React, which an ES module host page (React external) cannot serve.
export { useSyncExternalStore } from 'react';
