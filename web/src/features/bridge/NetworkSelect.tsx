import { useTranslation } from 'react-i18next';
import type { Chain } from '@/api/types';
import { ChevronDownIcon } from '@/components/icons';
import { NetworkIcon } from '@/components/NetworkIcon';

/** The From or To button of the bridge card: the chosen network (and exchange), opening the network list. */
export function NetworkSelect({ label, chain, suffix, onOpen }: { label: string; chain: Chain | undefined; suffix?: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = chain ? `${chain.chain_name}${suffix ? ` · ${suffix}` : ''}` : t('bridge.selectNetwork');
  return (
    <div className="net-select">
      <span className="field-label">{label}</span>
      <button type="button" className="net-select__btn" onClick={onOpen} aria-label={`${label}: ${name}`} data-chain-id={chain?.chain_id}>
        {chain ? <NetworkIcon name={chain.chain_name} icon={chain.icon} /> : <NetworkIcon name="" fallback={t('common.unknownNetwork')} />}
        <span>{name}</span>
        <ChevronDownIcon />
      </button>
    </div>
  );
}
