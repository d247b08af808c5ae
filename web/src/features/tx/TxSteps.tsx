import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chainsQuery } from '@/api/queries';
import { TxLink } from '@/components/TxLink';
import { StepDot, type StepDotState } from './StepDot';
import { stepActive, type TxStep, type TxStepStatus } from './txSteps';
import './txSteps.css';

interface Props {
  /** The steps in order, with the label each shows. */
  steps: readonly (TxStep & { label: string })[];
  /** The list's test id; each step's is `${testId}-${id}` with its state in data-status. */
  testId: string;
  /** What the list is about, for screen readers. */
  label: string;
  /** Extra class (the place it sits in). */
  className?: string;
}

function dotState(status: TxStepStatus): StepDotState {
  if (status === 'confirmed' || status === 'done') return 'done';
  if (status === 'failed') return 'failed';
  return stepActive(status) ? 'active' : 'idle';
}

/** A wallet action's steps, each with its state (waiting for signature, pending, confirmed...) and its transaction. */
export function TxSteps({ steps, testId, label, className }: Props) {
  const { t } = useTranslation();
  const withTx = steps.some((s) => s.tx);
  const { data: chains } = useQuery({ ...chainsQuery(), enabled: withTx });
  return (
    <ol className={className ? `tx-steps ${className}` : 'tx-steps'} aria-label={label} aria-live="polite" data-testid={testId}>
      {steps.map((s) => (
        <li key={s.id} className={`tx-step tx-step--${s.status}`} data-testid={`${testId}-${s.id}`} data-status={s.status}>
          <StepDot state={dotState(s.status)} />
          <span className="tx-step__label">{s.label}</span>
          <span className="tx-step__status small">{t(`txSteps.status.${s.status}`)}</span>
          {s.tx ? <TxLink chains={chains} chainId={s.tx.chainId} hash={s.tx.hash} label={t('txSteps.txOf', { step: s.label })} /> : null}
        </li>
      ))}
    </ol>
  );
}
