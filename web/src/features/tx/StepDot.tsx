import './txSteps.css';

/** How a step's dot looks: finished, under way (with a spinner), failed, or not started. */
export type StepDotState = 'done' | 'active' | 'failed' | 'idle';

/** The dot in front of a step of a wallet action or of a deposit's tracker. */
export function StepDot({ state }: { state: StepDotState }) {
  return (
    <span className={`step-dot step-dot--${state}`} aria-hidden="true">
      {state === 'active' ? <span className="spinner spinner--sm" /> : null}
    </span>
  );
}
