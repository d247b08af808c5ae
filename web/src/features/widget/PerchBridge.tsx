import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import '@/i18n';
import { configureApiClient, configureApiOrigin } from '@/api/client';
import { createQueryClient } from '@/app/queryClient';
import { currentUserId } from '@/wallet/store';
import { WalletBootstrap } from '@/wallet/WalletBootstrap';
import { embedSearch, parseWidgetConfig, type PerchWidgetConfig } from './config';
import { applyWidgetScope } from './scope';
import { WidgetCard } from './WidgetCard';

export interface PerchBridgeProps {
  config: PerchWidgetConfig;
}

/**
 * The bridge card for a partner's React page: `<PerchBridge config={{ apiUrl: 'https://perch.example' }} />`.
 * It brings its own query client and router (the card reads ?from/?to from it), so the host's
 * router, if any, is left alone.
 */
export function PerchBridge({ config }: PerchBridgeProps) {
  const parsed = parseWidgetConfig(config);
  if (!parsed.ok) throw new Error(`PerchBridge: invalid config: ${parsed.errors.join('; ')}`);
  const valid = parsed.config;
  const [client] = useState(() => {
    // One server per page: every call of the card, the wallet list and the tracker goes there.
    configureApiOrigin(valid.apiUrl);
    configureApiClient({ getUserId: currentUserId });
    const c = createQueryClient();
    applyWidgetScope(c, valid);
    return c;
  });
  // The card's presets read ?from=&to= from the router's address.
  const entry = `/${embedSearch({ defaultFrom: valid.defaultFrom, defaultTo: valid.defaultTo })}`;
  return (
    <QueryClientProvider client={client}>
      <WalletBootstrap />
      <MemoryRouter initialEntries={[entry]}>
        <WidgetCard theme={valid.theme} channel={valid.channel} />
      </MemoryRouter>
    </QueryClientProvider>
  );
}
