import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '@/i18n';
import { walletRuntimeLoading } from '@/wallet/lazyRuntime';

// The machine runs 2 cores, often shared with a server and a browser: be patient with async UI.
configure({ asyncUtilTimeout: 5000 });

afterEach(async () => {
  // A test that rendered the app started the wallet chunk's import: let it land before teardown.
  await walletRuntimeLoading()?.catch(() => undefined);
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
