import type { TFunction } from 'i18next';
import { formatAmount } from '@/features/tx/amount';
import type { SendButtonState } from './sendButton';

/** What the bridge card's button says in each state. */
export function sendButtonText(t: TFunction, s: SendButtonState, ctx: { token: string; decimals: number; network: string }): string {
  switch (s.kind) {
    case 'connectWallet':
      return t('wallet.connectWallet');
    case 'belowMin':
      return t('bridge.button.belowMin', { amount: formatAmount(s.min, ctx.decimals, ctx.decimals), token: ctx.token });
    case 'aboveMax':
      return t('bridge.button.aboveMax', { amount: formatAmount(s.max, ctx.decimals, ctx.decimals), token: ctx.token });
    case 'tooPrecise':
      return t('bridge.button.tooPrecise', { decimals: s.decimals });
    case 'switchNetwork':
      return t('bridge.button.switchNetwork', { network: ctx.network });
    default:
      return t(`bridge.button.${s.kind}`, { token: ctx.token });
  }
}
