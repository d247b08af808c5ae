import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwapToken } from '@/api/swap';
import { Modal } from '@/components/Modal';
import { displayAmount } from './format';
import { TokenIcon } from './TokenIcon';
import { searchTokens } from './tokenSearch';

interface Props {
  open: boolean;
  tokens: readonly SwapToken[];
  /** Balances by lowercase address (token units), when a wallet is connected. */
  balances: ReadonlyMap<string, string | null> | undefined;
  selected: string;
  onClose: () => void;
  onSelect: (address: string) => void;
}

/** Token list of the swap network: search by symbol, name or address; each token with its balance. */
export function TokenModal({ open, tokens, balances, selected, onClose, onSelect }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (open) setSearch('');
  }, [open]);
  const list = searchTokens(tokens, search);
  return (
    <Modal open={open} onClose={onClose} title={t('swap.tokenModalTitle')}>
      <input
        className="input"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('swap.searchToken')}
        aria-label={t('swap.searchToken')}
        data-testid="swap-token-search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.length === 0 ? <p className="muted">{t('swap.noTokens')}</p> : null}
      <ul className="network-list swap-token-list" aria-label={t('swap.tokenModalTitle')} data-testid="swap-token-list">
        {list.map((token) => {
          const address = token.address.toLowerCase();
          const balance = balances?.get(address);
          return (
            <li key={address} data-testid={`swap-token-${address}`}>
              <button
                type="button"
                className="network-list__item"
                aria-current={address === selected ? 'true' : undefined}
                onClick={() => {
                  onSelect(address);
                  onClose();
                }}
              >
                <TokenIcon token={token} />
                <span className="swap-token-list__names">
                  <span className="swap-token-list__symbol">{token.symbol}</span>
                  <span className="muted small">{token.name}</span>
                </span>
                {balances ? (
                  <span className="network-list__balance" data-testid="swap-token-balance">
                    {balance === undefined || balance === null ? t('common.none') : displayAmount(balance)}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
