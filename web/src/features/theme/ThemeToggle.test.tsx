import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetStores } from '@/test/resetStores';
import { THEME_STORAGE_KEY, useThemeStore } from './store';
import { ThemeToggle } from './ThemeToggle';
import { useApplyTheme } from './useApplyTheme';

function Harness() {
  useApplyTheme();
  return <ThemeToggle />;
}

beforeEach(() => resetStores());

describe('theme', () => {
  it('is dark by default', () => {
    render(<Harness />);
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(screen.getByRole('switch', { name: 'Toggle light mode' })).toHaveAttribute('aria-checked', 'false');
  });

  it('toggles data-theme and stores the choice (versioned)', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Toggle light mode' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
    expect(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    const stored = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null') as { state: { theme: string }; version: number };
    expect(stored).toEqual({ state: { theme: 'light' }, version: 1 });
    await user.click(screen.getByRole('switch'));
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
  });

  it('rehydrates a stored theme and migrates the v0 dark flag', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ state: { theme: 'light' }, version: 1 }));
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState().theme).toBe('light');
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify({ state: { isDark: true }, version: 0 }));
    await useThemeStore.persist.rehydrate();
    expect(useThemeStore.getState().theme).toBe('dark');
  });
});
