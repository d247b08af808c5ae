import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { applyThemeAttribute } from '@/features/theme/store';
import { configFromSearch, themeStyle } from './config';
import { applyWidgetScope } from './scope';
import { WidgetCard } from './WidgetCard';

/**
 * /embed/bridge: the card alone, for the iframe the loader script (perch-widget.js) inserts on
 * sites without React. Its settings are the address's query (channel, theme, from, to, tokens, routes).
 */
export default function EmbedBridgePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const [parsed] = useState(() => {
    const p = configFromSearch(params);
    if (p.ok) applyWidgetScope(client, p.config);
    return p;
  });
  // The iframe's page is the widget's alone: its background follows the widget's theme.
  const mode = themeStyle(parsed.ok ? parsed.config.theme : undefined).mode;
  useEffect(() => applyThemeAttribute(mode), [mode]);
  if (!parsed.ok) {
    return (
      <p role="alert" className="perch-widget__error">
        {t('widget.invalidConfig', { errors: parsed.errors.join('; ') })}
      </p>
    );
  }
  return <WidgetCard theme={parsed.config.theme} channel={parsed.config.channel} />;
}
