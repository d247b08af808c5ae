import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainsQuery } from '@/api/queries';
import type { Chain } from '@/api/types';
import { Modal } from '@/components/Modal';
import { NetworkIcon } from '@/components/NetworkIcon';
import { Spinner } from '@/components/Spinner';
import { filterNetworks } from './networkFilter';

interface Props {
  open: boolean;
  mode: 'from' | 'to';
  onClose: () => void;
  onSelect: (chain: Chain) => void;
}

/** Network list (search + list); tabs, balances and exchanges arrive with the bridge issue. */
export function NetworkListModal({ open, mode, onClose, onSelect }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { data, isLoading, isError } = useQuery({ ...chainsQuery(), enabled: open });
  const list = filterNetworks(data ?? [], search);
  return (
    <Modal open={open} onClose={onClose} title={mode === 'from' ? t('bridge.fromNetwork') : t('bridge.toNetworkOrExchange')}>
      <input
        className="input"
        type="search"
        placeholder={t('bridge.searchNetwork')}
        aria-label={t('bridge.searchNetwork')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {isLoading ? <Spinner label={t('bridge.networksLoading')} /> : null}
      {isError ? <p className="form-error">{t('bridge.networksError')}</p> : null}
      <ul className="network-list">
        {list.map((c) => (
          <li key={c.chain_id}>
            <button
              type="button"
              className="network-list__item"
              onClick={() => {
                onSelect(c);
                onClose();
              }}
            >
              <NetworkIcon name={c.chain_name} icon={c.icon} />
              <span>{c.chain_name}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
