import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SwapToken } from '@/api/swap';
import { Modal } from '@/components/Modal';
import { TokenIcon } from './TokenIcon';
import { searchTokens } from './tokenSearch';
import './tokens.css';

interface Props {
  open: boolean;
  tokens: readonly SwapToken[];
  /** Balance texts as shown, by lowercase address, when a wallet is connected (null: unknown). */
  balances: ReadonlyMap<string, string | null> | undefined;
  selected: string;
  onClose: () => void;
  onSelect: (address: string) => void;
  /** Prefix of the list's test ids ('swap-token' gives swap-token-search, swap-token-list, swap-token-<address>). */
  testIdPrefix?: string;
}

/** The token list of one network (swap and bridge): search by symbol, name or address; each token with its icon and balance. */
export function TokenModal({ open, tokens, balances, selected, onClose, onSelect, testIdPrefix = 'swap-token' }: Props) {
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
        data-testid={`${testIdPrefix}-search`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.length === 0 ? <p className="muted">{t('swap.noTokens')}</p> : null}
      <ul className="network-list token-list" aria-label={t('swap.tokenModalTitle')} data-testid={`${testIdPrefix}-list`}>
        {list.map((token) => {
          const address = token.address.toLowerCase();
          const balance = balances?.get(address);
          return (
            <li key={address} data-testid={`${testIdPrefix}-${address}`}>
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
                <span className="token-list__names">
                  <span className="token-list__symbol">{token.symbol}</span>
                  {token.name && token.name !== token.symbol ? <span className="muted small">{token.name}</span> : null}
                </span>
                {balances ? (
                  <span className="network-list__balance" data-testid={`${testIdPrefix}-balance`}>
                    {balance === undefined || balance === null ? t('common.none') : balance}
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
