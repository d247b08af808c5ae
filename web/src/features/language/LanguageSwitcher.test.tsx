import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { mockApi } from '@/test/mockApi';
import { renderApp } from '@/test/renderApp';
import { resetStores } from '@/test/resetStores';
import { LANGUAGE_STORAGE_KEY, useLanguageStore } from './store';

beforeEach(() => resetStores());
afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('language switcher', () => {
  it('switches the app to Chinese from the More panel and remembers it', async () => {
    mockApi();
    renderApp('/');
    const user = userEvent.setup();
    const bar = await screen.findByRole('navigation', { name: 'Mobile tabs' });
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const panel = screen.getByRole('dialog', { name: 'More' });
    const group = within(panel).getByRole('group', { name: 'Language' });
    expect(within(group).getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: '中文' }));

    // The page's own strings change, the document says its language, the choice is stored.
    expect(await screen.findByRole('heading', { level: 1, name: '跨链桥' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(within(screen.getByRole('navigation', { name: '移动端标签栏' })).getByRole('link', { name: '兑换' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? '{}').state.language).toBe('zh');
    expect(useLanguageStore.getState().language).toBe('zh');
  });

  it('a stored choice is applied when the app starts', async () => {
    useLanguageStore.setState({ language: 'zh' });
    mockApi();
    renderApp('/rewards');
    expect(await screen.findByRole('heading', { level: 1, name: '奖励' })).toBeInTheDocument();
  });
});
