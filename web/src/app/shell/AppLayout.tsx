import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, ScrollRestoration } from 'react-router';
import { useApplyChannelTheme, useChannel } from '@/features/channel/useChannel';
import { CheckInModal } from '@/features/checkin/CheckInModal';
import { useGeoRedirect } from '@/features/geo/useGeoRedirect';
import { useApplyLanguage } from '@/features/language/store';
import { useApplyTheme } from '@/features/theme/useApplyTheme';
import { Toaster } from '@/features/toast/Toaster';
import { WalletModal } from '@/features/wallet-connect/WalletModal';
import { useQuitWalletListener } from '@/wallet/useQuitWallet';
import { DEFAULT_FLAGS, type RouteFlags, type RouteHandle } from '../routeTable';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileTabBar } from './MobileTabBar';
import { MorePanel } from './MorePanel';

function isRouteHandle(h: unknown): h is RouteHandle {
  return typeof h === 'object' && h !== null && 'flags' in h && 'name' in h;
}

/** The flags and name of the deepest matched route. */
export function useRouteHandle(): { name: string; flags: RouteFlags } {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const h = matches[i]?.handle;
    if (isRouteHandle(h)) return h;
  }
  return { name: '', flags: DEFAULT_FLAGS };
}

export function AppLayout() {
  const { t } = useTranslation();
  const { name, flags } = useRouteHandle();
  const { channel } = useChannel();
  useApplyTheme();
  useApplyLanguage();
  useApplyChannelTheme(channel);
  useGeoRedirect();
  useQuitWalletListener();

  const classes = ['layout', flags.backgroundImage ? 'layout--bg' : '', flags.fixedFooter ? 'layout--fixed-footer' : '', flags.nav ? '' : 'layout--no-nav'];
  return (
    <div className={classes.filter(Boolean).join(' ')} data-route={name}>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      {flags.nav ? <Header /> : null}
      <main id="main" className="layout__main">
        <Outlet />
      </main>
      <Footer fixed={flags.fixedFooter} />
      {flags.nav ? <MobileTabBar /> : null}
      <MorePanel />
      <WalletModal />
      <CheckInModal />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
