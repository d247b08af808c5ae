import { useEffect, useRef, useState } from 'react';
import 'swagger-ui-dist/swagger-ui.css';
import type { DocsT } from './useDocsT';

export const OPENAPI_URL = '/api/openapi.json';

/** Swagger UI (swagger-ui-dist, bundled: no CDN, no inline script) rendering the server's document. */
export function ApiReference({ t }: { t: DocsT }) {
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'error'>('loading');
  useEffect(() => {
    let cancelled = false;
    import('swagger-ui-dist/swagger-ui-es-bundle.js')
      .then((mod) => {
        if (cancelled || !host.current) return;
        const SwaggerUI = (mod as { default: SwaggerUIFactory }).default;
        SwaggerUI({
          domNode: host.current,
          url: OPENAPI_URL,
          deepLinking: false,
          docExpansion: 'list',
          defaultModelsExpandDepth: 0,
          tryItOutEnabled: false,
          onComplete: () => !cancelled && setState('ready'),
        });
      })
      .catch(() => !cancelled && setState('error'));
    return () => {
      cancelled = true;
    };
  }, []);
  return (
    <div className="docs-api">
      <p>
        {t('api.intro')} <a href={OPENAPI_URL}>{OPENAPI_URL}</a>
      </p>
      {state === 'loading' ? <p>{t('api.loading')}</p> : null}
      {state === 'error' ? <p role="alert">{t('api.error')}</p> : null}
      <div ref={host} className="docs-api__ui" data-testid="api-reference" />
    </div>
  );
}

type SwaggerUIFactory = (options: Record<string, unknown>) => unknown;
