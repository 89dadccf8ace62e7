import { useSyncExternalStore } from 'react';

// ui-guide "Look": dark (default) and light, remembered; index.html applies it before first paint.
export type Theme = 'dark' | 'light';
const KEY = 'console.theme';
const listeners = new Set<() => void>();

function current(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function setTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  localStorage.setItem(KEY, theme);
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
