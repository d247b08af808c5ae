import { useEffect } from 'react';
import { applyThemeAttribute, useThemeStore } from './store';

/** Keeps <html data-theme> in sync with the theme store. */
export function useApplyTheme(): void {
  const theme = useThemeStore((s) => s.theme);
  useEffect(() => applyThemeAttribute(theme), [theme]);
}
