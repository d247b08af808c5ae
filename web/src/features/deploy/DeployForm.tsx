import { useTranslation } from 'react-i18next';
import { TEMPLATE_FIELDS, TEMPLATE_IDS, type FieldValues, validateFields } from './templates';
import { useDeployForm } from './deployStore';
import { formatThousands } from '@/lib/number';

/** The template choice and its constructor fields, each validated as typed. */
export function DeployForm({ showErrors }: { showErrors: boolean }) {
  const { t } = useTranslation();
  const template = useDeployForm((s) => s.template);
  const values = useDeployForm((s) => s.values);
  const setTemplate = useDeployForm((s) => s.setTemplate);
  const setValue = useDeployForm((s) => s.setValue);
  const running = useDeployForm((s) => s.running);
  const errors = validateFields(template, values);
  return (
    <>
      <fieldset className="deploy-templates" disabled={running}>
        <legend className="field-label">{t('deploy.template')}</legend>
        {TEMPLATE_IDS.map((id) => (
          <label key={id} className={`deploy-template${template === id ? ' deploy-template--active' : ''}`}>
            <input type="radio" name="deploy-template" value={id} checked={template === id} onChange={() => setTemplate(id)} />
            <span className="deploy-template__name">{t(`deploy.templates.${id}.name`)}</span>
            <span className="muted small">{t(`deploy.templates.${id}.about`)}</span>
          </label>
        ))}
      </fieldset>
      {TEMPLATE_FIELDS[template].map((rule) => {
        const error = errors[rule.id];
        const value = values[rule.id] ?? '';
        const shown = error && (showErrors || value !== '');
        const id = `deploy-field-${rule.id}`;
        return (
          <div key={rule.id} className="deploy-field">
            <label className="field-label" htmlFor={id}>
              {t(`deploy.fields.${rule.id}`)}
            </label>
            <input
              id={id}
              className="input"
              autoComplete="off"
              inputMode={rule.kind === 'count' ? 'numeric' : undefined}
              value={value}
              disabled={running}
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${id}-error` : undefined}
              onChange={(e) => setValue(rule.id as keyof FieldValues, e.target.value)}
            />
            {shown ? (
              <p id={`${id}-error`} className="form-error small">
                {t(`deploy.errors.${error}`, { max: formatThousands(rule.max) })}
              </p>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
