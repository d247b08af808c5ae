import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokensQuery } from '@/api/queries';
import { ChevronDownIcon } from '@/components/icons';
import { TokenIcon } from '@/components/tokens/TokenIcon';
import { TokenModal } from '@/components/tokens/TokenModal';
import { multiBalanceQuery } from '@/features/network-list/balances';
import { truncateDecimals } from '@/lib/number';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { pickerTokens } from './tokenPicker';
import type { BridgeRoute } from './useBridgeRoute';

/** The token sent, in the amount field: the swap's token list (icons, balances on the source, search by address). */
export function BridgeTokenPicker({ route, busy }: { route: BridgeRoute; busy: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const token = useBridgeForm((s) => s.token);
  const fromChainId = useBridgeForm((s) => s.fromChainId);
  const { data: allTokens } = useQuery(tokensQuery());
  const tokens = pickerTokens(allTokens ?? [], fromChainId, route.choices);
  const { walletAddress } = route.wallets;
  // Balances are read only while the list is shown, one request per token on the source network.
  const withBalances = open && walletAddress !== '' && fromChainId !== null && !!route.fromChain?.flags?.evm;
  const balanceQs = useQueries({
    queries: tokens.map((tk) => ({ ...multiBalanceQuery(walletAddress, fromChainId !== null ? [fromChainId] : [], tk.symbol), enabled: withBalances })),
  });
  const balances = withBalances
    ? new Map(
        tokens.map((tk, i) => {
          const entry = fromChainId !== null ? balanceQs[i]?.data?.[String(fromChainId)] : undefined;
          return [tk.address.toLowerCase(), entry && entry.status_code === 0 ? truncateDecimals(entry.view_value, 6) : null] as const;
        }),
      )
    : undefined;
  const chosen = tokens.find((tk) => tk.symbol === token);
  return (
    <>
      <button
        type="button"
        className="btn btn--soft btn--sm token-pick-btn"
        data-testid="bridge-token"
        aria-label={t('bridge.tokenButton', { token })}
        disabled={busy || tokens.length === 0}
        onClick={() => setOpen(true)}
      >
        <TokenIcon token={chosen ?? { symbol: token }} />
        <span>{token}</span>
        <ChevronDownIcon />
      </button>
      <TokenModal
        open={open}
        tokens={tokens}
        balances={balances}
        selected={chosen?.address.toLowerCase() ?? ''}
        testIdPrefix="bridge-token"
        onClose={() => setOpen(false)}
        onSelect={(address) => {
          const picked = tokens.find((tk) => tk.address.toLowerCase() === address);
          if (picked) useBridgeForm.getState().setToken(picked.symbol);
        }}
      />
    </>
  );
}
