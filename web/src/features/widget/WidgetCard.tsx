import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { BridgeCard } from '@/features/bridge/BridgeCard';
import { Toaster } from '@/features/toast/Toaster';
import { WalletModal } from '@/features/wallet-connect/WalletModal';
import { themeStyle, type WidgetTheme } from './config';
import './widget.css';

/** The app's bridge card alone, with what it opens (the wallet list, toasts), in the widget's theme. */
export function WidgetCard({ theme, channel }: { theme?: WidgetTheme; channel?: number }) {
  const { t } = useTranslation();
  const { mode, vars } = themeStyle(theme);
  return (
    <div className="perch-widget" data-theme={mode} data-testid="perch-widget" style={vars as CSSProperties}>
      <BridgeCard title={t('bridge.title')} channelId={channel} />
      <WalletModal />
      <Toaster />
    </div>
  );
}
