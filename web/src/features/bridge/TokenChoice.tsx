import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { swapBalancesQuery } from '@/api/swap';
import { ChevronDownIcon } from '@/components/icons';
import { TokenIcon } from '@/components/tokens/TokenIcon';
import { TokenModal } from '@/components/tokens/TokenModal';
import { SlippageSettings } from '@/features/swap/SlippageSettings';
import { displayAmount } from '@/features/swap/format';
import { useBridgeForm } from '@/state/bridgeFormStore';
import { destinationPickerTokens, pickedDestinationToken } from './destinationToken';
import type { BridgeRoute } from './useBridgeRoute';

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * On a destination that swaps: the token received, picked in the swap's token list (icons, the
 * destination wallet's balances there, search by address), with the destination swap's slippage.
 */
export function TokenChoice({ route, busy, autoSlippageBps }: { route: BridgeRoute; busy: boolean; autoSlippageBps?: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const token = useBridgeForm((s) => s.token);
  const toChainId = useBridgeForm((s) => s.toChainId);
  const { toTokenChoices, chosenToToken, sameToToken, toChain, wallets } = route;
  const sameName = t('bridge.sameToken', { token });
  const tokens = destinationPickerTokens(sameToToken, token, toTokenChoices, sameName);
  // Balances are read only while the list is shown, in one call for the destination's tokens.
  const balancesQ = useQuery({
    ...swapBalancesQuery(wallets.destinationWallet, toChainId ?? 0, toChain?.chain_name ?? '', tokens),
    enabled: open && wallets.destinationWallet !== '' && toChainId !== null && !!toChain?.flags?.evm,
  });
  const balances = useMemo(
    () => (balancesQ.data ? new Map(balancesQ.data.map((b) => [b.address.toLowerCase() || ZERO, b.balance === null ? null : displayAmount(b.balance)])) : undefined),
    [balancesQ.data],
  );
  if (toTokenChoices.length === 0) return null;
  const chosen = tokens.find((tk) => chosenToToken !== '' && tk.address.toLowerCase() === chosenToToken.toLowerCase()) ?? tokens[0]!;
  return (
    <>
      <div className="token-field bridge-to-token">
        <span className="field-label" id="bridge-to-token-label">
          {t('bridge.receiveToken')}
        </span>
        <button
          type="button"
          className="btn btn--soft btn--sm token-pick-btn"
          data-testid="to-token-select"
          aria-labelledby="bridge-to-token-label bridge-to-token-value"
          disabled={busy}
          onClick={() => setOpen(true)}
        >
          <TokenIcon token={chosen} />
          <span id="bridge-to-token-value">{chosenToToken ? chosen.symbol : sameName}</span>
          <ChevronDownIcon />
        </button>
      </div>
      <TokenModal
        open={open}
        tokens={tokens}
        balances={balances}
        selected={chosen.address.toLowerCase()}
        testIdPrefix="bridge-to-token"
        onClose={() => setOpen(false)}
        onSelect={(address) => useBridgeForm.getState().setToToken(pickedDestinationToken(address, toTokenChoices))}
      />
      {chosenToToken ? (
        <div className="bridge-slippage" data-testid="bridge-slippage">
          <SlippageSettings disabled={busy} autoBps={autoSlippageBps} />
        </div>
      ) : null}
    </>
  );
}
