import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBpsPercent } from '@/lib/format';
import { bpsToPercent } from './format';
import { useSwapSettings } from './settingsStore';
import { AUTO_FALLBACK_BPS, isHighSlippage, MAX_SLIPPAGE_BPS, MIN_SLIPPAGE_BPS, parseSlippage, SLIPPAGE_PRESETS_BPS } from './slippage';
import './slippage.css';

interface Props {
  disabled: boolean;
  /** The automatic value for the current trade (from its quote); without one, the value used without a quote. */
  autoBps?: number;
}

/**
 * Slippage: a summary button ('Slippage Auto 0.3%') that opens Auto, presets and a custom percent
 * (validated, warned above 5 %).
 */
export function SlippageSettings({ disabled, autoBps = AUTO_FALLBACK_BPS }: Props) {
  const { t } = useTranslation();
  const { auto, slippageBps, custom, setAuto, setPreset, setCustom } = useSwapSettings();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(custom ? bpsToPercent(slippageBps) : '');
  const panelId = useId();
  const parsed = parseSlippage(text);
  const problem = parsed.kind === 'ok' || parsed.kind === 'empty' ? null : parsed.kind;
  return (
    <div className="swap-slippage">
      <button
        type="button"
        className="btn btn--ghost btn--sm swap-slippage__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="swap-slippage-toggle"
        onClick={() => setOpen(!open)}
      >
        {auto ? t('swap.slippageAutoButton', { value: formatBpsPercent(autoBps) }) : t('swap.slippageButton', { value: formatBpsPercent(slippageBps) })}
      </button>
      {open ? (
        <div id={panelId} className="swap-slippage__panel" data-testid="swap-slippage-panel">
          <div className="swap-slippage__row" role="group" aria-label={t('swap.slippage')}>
            <button
              type="button"
              className={`btn btn--sm ${auto ? 'btn--primary' : 'btn--soft'}`}
              aria-pressed={auto}
              title={t('swap.slippageAutoHint')}
              data-testid="swap-slippage-auto"
              disabled={disabled}
              onClick={() => {
                setAuto();
                setText('');
              }}
            >
              {t('swap.slippageAuto')}
            </button>
            {SLIPPAGE_PRESETS_BPS.map((bps) => (
              <button
                key={bps}
                type="button"
                className={`btn btn--sm ${!auto && !custom && slippageBps === bps ? 'btn--primary' : 'btn--soft'}`}
                aria-pressed={!auto && !custom && slippageBps === bps}
                data-testid={`swap-slippage-preset-${bps}`}
                disabled={disabled}
                onClick={() => {
                  setPreset(bps);
                  setText('');
                }}
              >
                {formatBpsPercent(bps)}
              </button>
            ))}
            <span className="swap-slippage__custom">
              <input
                className="input"
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('swap.slippageCustom')}
                aria-label={t('swap.slippageCustomLabel')}
                aria-invalid={problem !== null}
                data-testid="swap-slippage-custom"
                disabled={disabled}
                value={text}
                onChange={(e) => {
                  const next = e.target.value;
                  setText(next);
                  const p = parseSlippage(next);
                  if (p.kind === 'ok') setCustom(p.bps);
                }}
              />
              <span aria-hidden="true">{t('swap.percentSign')}</span>
            </span>
          </div>
          {problem ? (
            <p className="form-error small" role="alert" data-testid="swap-slippage-error">
              {t(`swap.slippageErrors.${problem}`, { min: formatBpsPercent(MIN_SLIPPAGE_BPS), max: formatBpsPercent(MAX_SLIPPAGE_BPS) })}
            </p>
          ) : null}
        </div>
      ) : null}
      {!auto && isHighSlippage(slippageBps) ? (
        <p className="swap-warning small" role="status" data-testid="swap-slippage-warning">
          {t('swap.slippageHigh', { value: formatBpsPercent(slippageBps) })}
        </p>
      ) : null}
    </div>
  );
}
