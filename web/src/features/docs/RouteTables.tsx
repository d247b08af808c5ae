import { useQuery } from '@tanstack/react-query';
import { useAppConfig } from '@/api/appConfig';
import { chainsQuery } from '@/api/queries';
import { AppConfigNotice } from '@/components/AppConfigNotice';
import { feeOf, perChain, percentOfBps, publishedRoutes, tierRows } from './routesData';
import type { DocsT } from './useDocsT';
import { DocsTable } from './DocsTable';

/** Chain id → name from the catalog ("chain 1" until it loads or for an unknown id). */
function useChainName(t: DocsT): (id: number) => string {
  const { data } = useQuery(chainsQuery());
  return (id) => data?.find((c) => c.chain_id === id)?.chain_name ?? t('fees.chain', { id });
}

export function FeeTables({ t }: { t: DocsT }) {
  const chainName = useChainName(t);
  const config = useAppConfig();
  return (
    <>
      <AppConfigNotice query={config} />
      {publishedRoutes(config.data?.routes).map((route) => {
        const example = Number(route.fee_tiers[0]?.up_to || route.max) / 2;
        const { bps, fee } = feeOf(route, example);
        return (
          <section key={route.token} className="docs-route" data-testid={`fees-${route.token}`}>
            <h2>{route.token}</h2>
            <DocsTable headers={[t('fees.amount'), t('fees.fee')]}>
              {tierRows(route).map((row) => (
                <tr key={row.upTo || 'last'}>
                  <td>
                    {row.upTo
                      ? t('fees.upTo', { amount: row.upTo, token: route.token })
                      : row.from
                        ? t('fees.above', { amount: row.from, token: route.token })
                        : t('fees.any')}
                  </td>
                  <td>{percentOfBps(row.bps)}</td>
                </tr>
              ))}
            </DocsTable>
            <p>
              {t('fees.limits')}: {t('fees.minMax', { min: route.min, max: route.max, token: route.token })}
            </p>
            <p>{t('fees.example', { amount: example, token: route.token, fee: fee.toString(), percent: percentOfBps(bps) })}</p>
            <h3>{t('fees.dtcTitle')}</h3>
            <DocsTable headers={[t('fees.destination'), t('fees.dtc')]}>
              {perChain(route.dtc).map(({ chain, value }) => (
                <tr key={chain ?? 'default'}>
                  <td>{chain === null ? t('fees.otherNetworks') : chainName(chain)}</td>
                  <td>
                    {value} {route.token}
                  </td>
                </tr>
              ))}
            </DocsTable>
          </section>
        );
      })}
    </>
  );
}

export function TimesTable({ t }: { t: DocsT }) {
  const chainName = useChainName(t);
  const config = useAppConfig();
  return (
    <>
      <AppConfigNotice query={config} />
      {publishedRoutes(config.data?.routes).map((route) => (
        <section key={route.token} className="docs-route">
          <h2>{route.token}</h2>
          <DocsTable headers={[t('times.source'), t('times.expected')]}>
            {perChain(route.expected_seconds).map(({ chain, value }) => (
              <tr key={chain ?? 'default'}>
                <td>{chain === null ? t('times.otherNetworks') : chainName(chain)}</td>
                <td>{t('times.seconds', { count: value })}</td>
              </tr>
            ))}
          </DocsTable>
        </section>
      ))}
    </>
  );
}
