import { useSyncExternalStore } from 'react';

// ui-guide "Layout": under 900 px the header collapses into its menu (app/layout/header.tsx); the
// same width is where the site becomes an app on a phone: the bottom tab bar instead of the floating
// side buttons, and games that fill the screen.
const WIDE = '(min-width: 900px)';

/** Whether the phone layout applies now (read at the moment of a tap). */
export function isPhoneLayout(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia(WIDE).matches;
}

/** The phone layout, following the window as it turns or is resized. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore((onChange) => {
    const query = window.matchMedia(WIDE);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, isPhoneLayout);
}
