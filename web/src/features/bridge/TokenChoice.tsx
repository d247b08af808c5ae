import { useTranslation } from 'react-i18next';
import { SlippageSettings } from '@/features/swap/SlippageSettings';
import { useBridgeForm } from './bridgeStore';
import type { BridgeRoute } from './useBridgeRoute';

/** On a destination that swaps: the token received, with the swap's slippage (the token sent is picked in the amount field). */
export function TokenChoice({ route, busy }: { route: BridgeRoute; busy: boolean }) {
  const { t } = useTranslation();
  const form = useBridgeForm();
  const { toTokenChoices, chosenToToken } = route;
  return (
    <>
      {toTokenChoices.length > 0 ? (
        <label className="token-field">
          <span className="field-label">{t('bridge.receiveToken')}</span>
          <select className="input" value={chosenToToken} onChange={(e) => form.setToToken(e.target.value)} data-testid="to-token-select">
            <option value="">{t('bridge.sameToken', { token: form.token })}</option>
            {toTokenChoices.map((c) => (
              <option key={c.address} value={c.address}>
                {c.symbol}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {chosenToToken ? (
        <div className="bridge-slippage" data-testid="bridge-slippage">
          <SlippageSettings disabled={busy} />
        </div>
      ) : null}
    </>
  );
}
