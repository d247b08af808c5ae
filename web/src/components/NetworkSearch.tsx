import { useTranslation } from 'react-i18next';

/** The "Search Network" box of the network lists (bridge modal, deploy). */
export function NetworkSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <input
      className="input"
      type="search"
      placeholder={t('bridge.searchNetwork')}
      aria-label={t('bridge.searchNetwork')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
