import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAppConfig } from '@/api/appConfig';
import { Tag } from '@/components/Tag';
import { useChannel } from '@/features/channel/useChannel';
import { visibleNavItems } from '@/features/navigation/navItems';
import { useUserAddress } from '@/wallet/store';

/** Desktop nav: Bridge, Swap, Rewards (Hot), Deploy, Pool (allow-list only), Portfolio. */
export function MainNav() {
  const { t } = useTranslation();
  const { channel } = useChannel();
  const items = visibleNavItems(channel.nav, useUserAddress(), useAppConfig().data?.pool_allow_list);
  return (
    <nav className="main-nav" aria-label={t('nav.label')}>
      {items.map((item) => (
        <NavLink key={item.key} to={item.path} end={item.path === '/'} className="main-nav__link">
          {t(item.labelKey)}
          {item.hot ? <Tag>{t('nav.hot')}</Tag> : null}
        </NavLink>
      ))}
    </nav>
  );
}
