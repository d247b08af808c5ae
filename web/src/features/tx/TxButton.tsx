import type { ReactNode } from 'react';
import { useWalletModal } from '@/wallet/modalStore';
import type { TxAction } from './txGate';
import type { ChainSwitch } from './useChainSwitch';
import { FormError } from '@/components/FormError';

export interface TxButtonProps {
  /** The button's state from the card's pure rules (sendButtonState, swapButtonState). */
  state: { kind: string; action: TxAction; chainId?: number };
  text: string;
  busy: boolean;
  testId: string;
  /** The card's network switch: its error line stands above the button. */
  chainSwitch: ChainSwitch;
  switchErrorTestId: string;
  /** Runs the card's transaction (the state's action is 'send' or 'swap'). */
  onSend: () => Promise<unknown>;
  /** The card's own error lines, between the switch error and the button. */
  children?: ReactNode;
}

/**
 * The main button of a transaction card: it connects a wallet (the wallet list), switches the
 * wallet's network, or runs the transaction, as the state says; the card only passes the state,
 * the text and what sending does.
 */
export function TxButton({ state, text, busy, testId, chainSwitch, switchErrorTestId, onSend, children }: TxButtonProps) {
  const showWalletModal = useWalletModal((s) => s.show);
  const run = async (): Promise<void> => {
    if (state.action === 'connect') showWalletModal();
    else if (state.action === 'switch' && state.chainId !== undefined) await chainSwitch.switchTo(state.chainId);
    else if (state.action === 'send' || state.action === 'swap') await onSend();
  };
  return (
    <>
      <FormError testId={switchErrorTestId}>{chainSwitch.error}</FormError>
      {children}
      <button
        type="button"
        className="btn btn--primary btn--block btn--lg"
        data-testid={testId}
        data-state={state.kind}
        disabled={state.action === 'none'}
        aria-busy={busy}
        onClick={() => void run()}
      >
        {text}
      </button>
    </>
  );
}
