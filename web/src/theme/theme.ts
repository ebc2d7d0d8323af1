import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { storeListeners } from '../ui/store-listeners.ts';

/** Themes: light, dark and system (follows the OS), remembered in local storage. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
const STORAGE_KEY = 'theme';

function readPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as ThemePreference) : 'system';
  } catch {
    return 'system';
  }
}

const { subscribe, emit } = storeListeners();

export function resolveTheme(preference: ThemePreference, systemDark: boolean): 'light' | 'dark' {
  if (preference === 'system') return systemDark ? 'dark' : 'light';
  return preference;
}

function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

function apply(preference: ThemePreference): void {
  document.documentElement.dataset.theme = resolveTheme(preference, systemPrefersDark());
}

export function useTheme(): [ThemePreference, (next: ThemePreference) => void] {
  const preference = useSyncExternalStore(subscribe, readPreference, () => 'system' as const);

  useEffect(() => {
    apply(preference);
    if (preference !== 'system' || typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => apply('system');
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [preference]);

  const setPreference = useCallback((next: ThemePreference) => {
    try {
      localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
    apply(next);
    emit();
  }, []);

  return [preference, setPreference];
}
