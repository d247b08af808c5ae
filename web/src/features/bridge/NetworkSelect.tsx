import { useTranslation } from 'react-i18next';
import type { Chain } from '@/api/types';
import { ChevronDownIcon } from '@/components/icons';
import { NetworkIcon } from '@/components/NetworkIcon';

/** The From or To button of the bridge card: its label and the chosen network (and exchange) in one row, opening the network list. */
export function NetworkSelect({ label, chain, suffix, onOpen }: { label: string; chain: Chain | undefined; suffix?: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = chain ? `${chain.chain_name}${suffix ? ` · ${suffix}` : ''}` : t('bridge.selectNetwork');
  return (
    <div className="net-select">
      <button type="button" className="net-select__btn" onClick={onOpen} aria-label={`${label}: ${name}`} data-chain-id={chain?.chain_id}>
        {chain ? <NetworkIcon name={chain.chain_name} icon={chain.icon} /> : <NetworkIcon name="" fallback={t('common.unknownNetwork')} />}
        <span className="net-select__text">
          <span className="net-select__label">{label}</span>
          <span className="net-select__name">{name}</span>
        </span>
        <ChevronDownIcon />
      </button>
    </div>
  );
}
