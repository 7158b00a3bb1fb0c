import '../ui/test-utils';
import type { Theme } from '@cadenza/contracts/themes';
import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBootstrapData } from '../api/bootstrap';
import { Providers } from '../app/providers';
import { makeBootstrap } from '../app/testing/bootstrap-factory';
import { DARK_THEME as DARK, LIGHT_THEME as LIGHT } from '../app/testing/theme-fixtures';
import { ThemeToggle } from './theme-toggle';
import { resetThemeChoice, useThemeSelector } from './use-theme-selector';

const SEPIA: Theme = {
  ...LIGHT,
  id: 3,
  name: 'Sepia',
  default_light: false,
  values: { '--bg': '#f4ecd8', '--fg': '#3b2f1e' },
};

const root = document.documentElement;

function givenSite(settings: Record<string, unknown> = {}, themes = [DARK, LIGHT, SEPIA]) {
  setBootstrapData({ ...makeBootstrap({ settings }), themes });
}

const wrapper = ({ children }: { children: ReactNode }) => <Providers>{children}</Providers>;

beforeEach(() => {
  localStorage.clear();
  resetThemeChoice();
  root.removeAttribute('style');
  root.className = '';
});
afterEach(() => localStorage.clear());

describe('ThemeToggle', () => {
  it('flips between light and dark, dresses the page and remembers the choice', async () => {
    givenSite();
    render(<ThemeToggle />, { wrapper });
    // Nothing stored and no admin default: the first theme, Dark.
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.getPropertyValue('--bg')).toBe('#0f0f12');
    expect(root.style.colorScheme).toBe('dark');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.getPropertyValue('--bg')).toBe('#ffffff');
    expect(root.style.colorScheme).toBe('light');
    expect(localStorage.getItem('be-active-theme')).toBe('light');

    await userEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.getPropertyValue('--fg')).toBe('#f4f4f6');
    expect(localStorage.getItem('be-active-theme')).toBe('dark');
  });

  it('starts from the stored choice', () => {
    localStorage.setItem('be-active-theme', 'light');
    resetThemeChoice();
    givenSite();
    render(<ThemeToggle />, { wrapper });
    expect(screen.getByRole('button', { name: 'Switch to dark mode' })).toBeTruthy();
    expect(root.style.getPropertyValue('--bg')).toBe('#ffffff');
  });

  it('is absent when visitors may not change the theme, and the default applies', () => {
    localStorage.setItem('be-active-theme', 'light');
    resetThemeChoice();
    givenSite({ 'themes.user_change': false, 'themes.default_id': 3 });
    render(<ThemeToggle />, { wrapper });
    expect(screen.queryByRole('button', { name: /Switch to/ })).toBeNull();
    expect(root.style.getPropertyValue('--bg')).toBe('#f4ecd8');
  });
});

describe('useThemeSelector', () => {
  it('selects a theme by id and shares the choice between components', () => {
    givenSite();
    const first = renderHook(() => useThemeSelector(), { wrapper });
    const second = renderHook(() => useThemeSelector(), { wrapper });
    act(() => first.result.current.select(3));
    expect(second.result.current.activeTheme?.name).toBe('Sepia');
    expect(localStorage.getItem('be-active-theme')).toBe('3');
    // Sepia is light, so the toggle goes to the default dark theme.
    act(() => second.result.current.toggle());
    expect(first.result.current.activeTheme?.name).toBe('Dark');
  });

  it('falls back when the stored theme was deleted', () => {
    localStorage.setItem('be-active-theme', '42');
    resetThemeChoice();
    givenSite({ 'themes.default_id': 2 });
    const { result } = renderHook(() => useThemeSelector(), { wrapper });
    expect(result.current.activeTheme?.name).toBe('Light');
  });

  it('ignores selections when visitors may not change the theme', () => {
    givenSite({ 'themes.user_change': false });
    const { result } = renderHook(() => useThemeSelector(), { wrapper });
    expect(result.current.activeTheme?.name).toBe('Dark');
    act(() => result.current.select('light'));
    expect(result.current.activeTheme?.name).toBe('Dark');
    expect(localStorage.getItem('be-active-theme')).toBeNull();
  });

  it('follows a choice made in another tab', () => {
    givenSite();
    const { result } = renderHook(() => useThemeSelector(), { wrapper });
    expect(result.current.activeTheme?.name).toBe('Dark');
    act(() => {
      localStorage.setItem('be-active-theme', 'light');
      window.dispatchEvent(new StorageEvent('storage', { key: 'be-active-theme' }));
    });
    expect(result.current.activeTheme?.name).toBe('Light');
  });
});
