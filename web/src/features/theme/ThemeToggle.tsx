import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from '@/components/icons';
import { useThemeStore } from './store';

/** "Light mode" switch: on = light theme. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const toggle = useThemeStore((s) => s.toggle);
  const light = theme === 'light';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={light}
      aria-label={t('theme.toggle')}
      className={`theme-toggle${className ? ` ${className}` : ''}`}
      onClick={toggle}
      data-testid="theme-toggle"
    >
      {light ? <SunIcon /> : <MoonIcon />}
      <span>{t('theme.lightMode')}</span>
      <span className={`switch${light ? ' switch--on' : ''}`} aria-hidden="true">
        <span className="switch__knob" />
      </span>
    </button>
  );
}
