import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Chain } from '@/api/types';
import { NetworkIcon } from '@/components/NetworkIcon';
import { NetworkSearch } from '@/components/NetworkSearch';
import { useWalletRuntime } from '@/wallet/runtimeStore';
import { useWalletStore } from '@/wallet/store';
import { useDeployForm } from './deployStore';
import { formatThousands } from '@/lib/number';

type Hex = `0x${string}`;

/** The networks to deploy on (several: they are deployed in turn), with a gas estimate for each. */
export function NetworkPicker({ networks, data }: { networks: readonly Chain[]; data: Hex | null }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const chosen = useDeployForm((s) => s.networks);
  const toggle = useDeployForm((s) => s.toggleNetwork);
  const running = useDeployForm((s) => s.running);
  const config = useWalletRuntime((s) => s.config);
  const account = useWalletStore((s) => s.address) as Hex | '';
  const gas = useQueries({
    queries: chosen.map((chainId) => ({
      queryKey: ['deploy-gas', chainId, account, data],
      enabled: Boolean(config && account && data),
      retry: false,
      staleTime: 30_000,
      queryFn: async () => {
        const { estimateGas } = await import('wagmi/actions');
        return estimateGas(config!, { account: account as Hex, chainId, data: data! });
      },
    })),
  });
  const needle = search.trim().toLowerCase();
  const shown = networks.filter((c) => chosen.includes(c.chain_id) || !needle || c.chain_name.toLowerCase().includes(needle));
  return (
    <fieldset className="deploy-networks" disabled={running}>
      <legend className="field-label">{t('deploy.networks')}</legend>
      <NetworkSearch value={search} onChange={setSearch} />
      <ul className="deploy-networks__list">
        {shown.map((c) => {
          const index = chosen.indexOf(c.chain_id);
          const estimate = index >= 0 ? gas[index] : undefined;
          return (
            <li key={c.chain_id} data-testid={`deploy-network-${c.chain_id}`}>
              <label className="deploy-network">
                <input type="checkbox" checked={index >= 0} onChange={() => toggle(c.chain_id)} />
                <NetworkIcon name={c.chain_name} icon={c.icon} />
                <span>{c.chain_name}</span>
                {estimate?.data !== undefined ? (
                  <span className="muted small deploy-network__gas" data-testid="deploy-gas">
                    {t('deploy.gas', { gas: formatThousands(estimate.data) })}
                  </span>
                ) : estimate?.isError ? (
                  <span className="muted small deploy-network__gas">{t('deploy.gasUnknown')}</span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
