import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { HistoryIcon } from '@/components/icons';
import { LogoMark } from '@/components/Logo';
import { useRouteChannel } from '@/features/channel/routeChannel';
import { CheckInButton } from '@/features/checkin/CheckInButton';
import { PointsBadge } from '@/features/points/PointsBadge';
import { HeaderWallets } from '@/features/wallet-connect/HeaderWallets';
import { MainNav } from './MainNav';
import { MoreMenu } from './MoreMenu';

export function Header() {
  const { t } = useTranslation();
  const routeChannel = useRouteChannel((s) => s.channel);
  const { pathname } = useLocation();
  // On a partner network bridge the history link shows that channel's history.
  const historyPath = routeChannel && pathname.startsWith('/network/') ? `/network/${routeChannel.slug}/history` : '/history';
  return (
    <header className="header">
      <div className="header__inner">
        <Link to="/" className="header__logo" aria-label={t('app.homeLink')}>
          <LogoMark />
          <span className="header__brand">{t('app.name')}</span>
        </Link>
        <MainNav />
        <div className="header__actions">
          <PointsBadge />
          <CheckInButton />
          <Link to={historyPath} className="icon-btn hide-sm" aria-label={t('header.history')} title={t('header.history')}>
            <HistoryIcon />
          </Link>
          <HeaderWallets />
          <div className="hide-sm">
            <MoreMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
