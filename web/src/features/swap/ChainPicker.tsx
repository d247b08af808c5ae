import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '@/components/icons';
import { Modal } from '@/components/Modal';
import { NetworkIcon } from '@/components/NetworkIcon';
import { Spinner } from '@/components/Spinner';
import type { SwapChain } from './useSwapChains';

interface Props {
  chains: SwapChain[];
  settled: boolean;
  chainId: number | null;
  disabled: boolean;
  onSelect: (chainId: number) => void;
}

/** The network the swap runs on: a button and the list of networks with swap pools. */
export function ChainPicker({ chains, settled, chainId, disabled, onSelect }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = chains.find((c) => c.chain.chain_id === chainId)?.chain;
  const name = current?.chain_name ?? t('swap.selectNetwork');
  return (
    <div className="net-select">
      <span className="field-label">{t('swap.network')}</span>
      <button
        type="button"
        className="net-select__btn"
        data-testid="swap-chain"
        data-chain-id={current?.chain_id}
        aria-label={t('swap.networkButton', { network: name })}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {current ? <NetworkIcon name={current.chain_name} icon={current.icon} /> : <NetworkIcon name="" fallback={t('common.unknownNetwork')} />}
        <span>{name}</span>
        <ChevronDownIcon />
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('swap.networksTitle')}>
        {!settled && chains.length === 0 ? <Spinner label={t('swap.networksLoading')} /> : null}
        {settled && chains.length === 0 ? <p className="muted">{t('swap.noNetworks')}</p> : null}
        <ul className="network-list" aria-label={t('swap.networksTitle')} data-testid="swap-chain-list">
          {chains.map(({ chain, ready }) => (
            <li key={chain.chain_id} data-testid={`swap-chain-${chain.chain_id}`} data-ready={ready}>
              <button
                type="button"
                className="network-list__item"
                aria-current={chain.chain_id === chainId ? 'true' : undefined}
                onClick={() => {
                  setOpen(false);
                  onSelect(chain.chain_id);
                }}
              >
                <NetworkIcon name={chain.chain_name} icon={chain.icon} />
                <span className="network-list__name">{chain.chain_name}</span>
                {ready ? null : <span className="muted small">{t('swap.chainNotReady')}</span>}
              </button>
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}
