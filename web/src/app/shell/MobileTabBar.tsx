import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { BridgeIcon, GiftIcon, MoreIcon, RocketIcon, SwapIcon } from '@/components/icons';
import type { NavKey } from '@/api/types';
import { useChannel } from '@/features/channel/useChannel';
import { MOBILE_TABS, NAV_ITEMS } from '@/features/navigation/navItems';
import { useUiStore } from './uiStore';

const ICONS: Partial<Record<NavKey, ComponentType<SVGProps<SVGSVGElement>>>> = {
  bridge: BridgeIcon,
  swap: SwapIcon,
  rewards: GiftIcon,
  deploy: RocketIcon,
};

/** Bottom tab bar under 768 px: Bridge, Swap, Rewards, Deploy, More. */
export function MobileTabBar() {
  const { t } = useTranslation();
  const { channel } = useChannel();
  const open = useUiStore((s) => s.morePanelOpen);
  const setMorePanel = useUiStore((s) => s.setMorePanel);
  const tabs = NAV_ITEMS.filter((i) => MOBILE_TABS.includes(i.key) && channel.nav.includes(i.key));
  return (
    <nav className="tab-bar" aria-label={t('nav.mobileLabel')}>
      {tabs.map((item) => {
        const Icon = ICONS[item.key] ?? BridgeIcon;
        return (
          <NavLink key={item.key} to={item.path} end={item.path === '/'} className="tab-bar__item" onClick={() => setMorePanel(false)}>
            <Icon />
            <span>{t(item.labelKey)}</span>
          </NavLink>
        );
      })}
      <button type="button" className={`tab-bar__item${open ? ' active' : ''}`} aria-expanded={open} onClick={() => setMorePanel(!open)}>
        <MoreIcon />
        <span>{t('nav.more')}</span>
      </button>
    </nav>
  );
}
