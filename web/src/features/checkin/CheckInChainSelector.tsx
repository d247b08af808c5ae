import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chainsQuery } from '@/api/queries';
import { checkInContractsQuery } from '@/api/rewardsQueries';
import type { CheckInContract } from '@/api/rewardsTypes';
import type { Chain } from '@/api/types';
import { NetworkIcon } from '@/components/NetworkIcon';
import { useWalletStore } from '@/wallet/store';
import { pickContract, useCheckInDefaultChain, useCheckInModal } from './checkIn';

/**
 * The chain a check-in goes to before the user picks one: the wallet's own chain when it has a
 * check-in contract (no network switch needed), else the default chain's.
 */
export function defaultCheckInChain(contracts: readonly CheckInContract[], walletChainId: number | null, current: number | null, deploymentChain?: number): number | null {
  if (walletChainId !== null && contracts.some((c) => c.chainId === walletChainId)) return walletChainId;
  return pickContract(contracts, current, deploymentChain)?.chainId ?? current;
}

function chainOf(chains: readonly Chain[] | undefined, id: number): { name: string; icon: string | undefined } {
  const c = chains?.find((x) => x.chain_id === id);
  return { name: c?.alias_name || c?.chain_name || String(id), icon: c?.icon || undefined };
}

/** The check-in chain: a button showing the chosen chain with its icon, opening the list of check-in chains with theirs. */
export function CheckInChainSelector() {
  const { t } = useTranslation();
  const { chainId, setChainId } = useCheckInModal();
  const walletChainId = useWalletStore((s) => s.chainId);
  const deploymentChain = useCheckInDefaultChain();
  const chains = useQuery(chainsQuery());
  const contracts = useQuery(checkInContractsQuery());
  const [open, setOpen] = useState(false);
  // Until the user picks, the choice follows the wallet's chain (it may change while the modal is open).
  const [picked, setPicked] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = contracts.data ?? [];
  const current = pickContract(list, chainId, deploymentChain)?.chainId ?? chainId;

  useEffect(() => {
    if (picked || list.length === 0) return;
    const next = defaultCheckInChain(list, walletChainId, chainId, deploymentChain);
    if (next !== null && next !== chainId) setChainId(next);
  }, [picked, list, walletChainId, chainId, deploymentChain, setChainId]);

  const choose = (id: number): void => {
    setPicked(true);
    setChainId(id);
    setOpen(false);
    button.current?.focus();
  };
  const onListKey = (e: KeyboardEvent<HTMLUListElement>): void => {
    if (e.key === 'Escape') {
      // Closes the list only, not the modal around it.
      e.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    const options = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button[role="option"]')];
    const at = options.indexOf(document.activeElement as HTMLButtonElement);
    const next = options[(at + (e.key === 'ArrowDown' ? 1 : -1) + options.length) % options.length];
    next?.focus();
  };

  const shown = chainOf(chains.data, current ?? deploymentChain ?? 0);
  return (
    <div className="checkin__chain">
      <span className="muted small" aria-hidden="true">
        {t('checkin.chain')}
      </span>
      <button
        ref={button}
        type="button"
        role="combobox"
        className="checkin-chain__button"
        aria-label={t('checkin.chain')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={listId}
        data-value={current}
        data-testid="checkin-chain"
        onClick={() => setOpen((o) => !o)}
      >
        <NetworkIcon name={shown.name} icon={shown.icon} />
        <span>{shown.name}</span>
        <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <ul id={listId} role="listbox" aria-label={t('checkin.chain')} className="checkin-chain__list" onKeyDown={onListKey}>
          {list.map((c) => {
            const chain = chainOf(chains.data, c.chainId);
            return (
              <li key={c.chainId} role="presentation">
                <button
                  type="button"
                  role="option"
                  aria-selected={c.chainId === current}
                  className="checkin-chain__option"
                  data-chain-id={c.chainId}
                  onClick={() => choose(c.chainId)}
                  ref={(el) => {
                    if (el && c.chainId === current && document.activeElement === button.current) el.focus();
                  }}
                >
                  <NetworkIcon name={chain.name} icon={chain.icon} />
                  <span>{chain.name}</span>
                  {c.chainId === walletChainId ? <span className="muted small">{t('checkin.walletChain')}</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
