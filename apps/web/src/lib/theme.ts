import { useSyncExternalStore } from 'react';
import { writePreference } from './consent';
import { STORAGE_KEYS } from './storage';

export type Theme = 'dark' | 'light';
const listeners = new Set<() => void>();

function current(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  writePreference(STORAGE_KEYS.theme, theme);
  for (const l of listeners) l();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    current,
    () => 'dark',
  );
}
