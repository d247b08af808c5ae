import type { TFunction } from 'i18next';
import { formatAmount } from '@/features/tx/amount';
import { isSharedGate, sharedGateText } from '@/features/tx/buttonText';
import type { SendButtonState } from './sendButton';

/** What the bridge card's button says in each state. */
export function sendButtonText(t: TFunction, s: SendButtonState, ctx: { token: string; decimals: number; network: string; exchange?: string }): string {
  if (isSharedGate(s)) return sharedGateText(t, 'bridge', s, ctx.network);
  switch (s.kind) {
    case 'belowMin':
      return t('bridge.button.belowMin', { amount: formatAmount(s.min, ctx.decimals, ctx.decimals), token: ctx.token });
    case 'exchangeBelowMin':
      return t('bridge.button.exchangeBelowMin', { exchange: ctx.exchange ?? '', amount: formatAmount(s.min, ctx.decimals, ctx.decimals), token: ctx.token });
    case 'aboveMax':
      return t('bridge.button.aboveMax', { amount: formatAmount(s.max, ctx.decimals, ctx.decimals), token: ctx.token });
    default:
      return t(`bridge.button.${s.kind}`, { token: ctx.token });
  }
}
