import { useLanguageStore } from '@/features/language/store';
import { useThemeStore } from '@/features/theme/store';
import { useUiStore } from '@/app/shell/uiStore';
import { useEcosystemsStore } from '@/wallet/ecosystems/store';
import { resetWalletRuntimeDemand } from '@/wallet/lazyRuntime';
import { useWalletModal } from '@/wallet/modalStore';
import { resetReconnectSettled } from '@/wallet/reconnect';
import { useWalletStore } from '@/wallet/store';

export function resetStores(): void {
  useWalletStore.getState().disconnect();
  useEcosystemsStore.getState().reset();
  useThemeStore.setState({ theme: 'dark' });
  useLanguageStore.setState({ language: 'en' });
  useWalletModal.setState({ open: false, sub: null });
  resetWalletRuntimeDemand();
  resetReconnectSettled();
  useUiStore.setState({ morePanelOpen: false });
  document.documentElement.setAttribute('data-theme', 'dark');
}
