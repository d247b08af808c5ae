import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { Modal } from '@/components/Modal';
import { EVM_WALLETS, GATE_ID, OKX_ID, readWalletEnvironment, type ExchangeApp } from '@/wallet/evmWallets';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletStore } from '@/wallet/store';

const APP_WALLET_ID: Record<ExchangeApp, string> = { okx: OKX_ID, binance: 'binance', bitget: 'bitget', gate: GATE_ID };

/** Shown once a session: a visitor who closed it has seen it. */
const usePromoSeen = create<{ seen: boolean; markSeen: () => void }>()(
  persist((set) => ({ seen: false, markSeen: () => set({ seen: true }) }), {
    name: 'perch-wallet-app-promo',
    version: 1,
    storage: createJSONStorage(() => sessionStorage),
  }),
);

/** The exchange app the page runs in (read once: the user agent and the injected provider do not change). */
const readExchangeApp = (): ExchangeApp | null => readWalletEnvironment(false).exchangeApp;

/** The wallet's name for an exchange app. */
export const exchangeAppWalletName = (app: ExchangeApp): string => EVM_WALLETS.find((w) => w.id === APP_WALLET_ID[app])?.name ?? app;

/**
 * Inside an exchange's wallet app: a welcome that says the bridge works right here, with a Bridge
 * button that goes to the bridge (and connects the app's wallet when none is connected yet).
 */
export function WalletAppPromo() {
  const { t } = useTranslation();
  const [app] = useState(readExchangeApp);
  const seen = usePromoSeen((s) => s.seen);
  const markSeen = usePromoSeen((s) => s.markSeen);
  const address = useWalletStore((s) => s.address);
  const showWallets = useWalletModal((s) => s.show);
  const navigate = useNavigate();
  if (!app) return null;
  const wallet = exchangeAppWalletName(app);
  const bridge = (): void => {
    markSeen();
    void navigate('/');
    if (!address) showWallets();
  };
  return (
    <Modal open={!seen} title={t('walletPromo.title', { wallet })} onClose={markSeen}>
      <div className="wallet-promo" data-testid="wallet-app-promo" data-app={app}>
        <p>{t('walletPromo.body', { wallet })}</p>
        <button type="button" className="btn btn--primary btn--block" onClick={bridge}>
          {t('nav.bridge')}
        </button>
      </div>
    </Modal>
  );
}
