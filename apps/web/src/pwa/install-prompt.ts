import { useSyncExternalStore } from 'react';

// The browser's install offer: Chromium fires `beforeinstallprompt` once it judges the
// site installable; the event is kept here so the /down page and the side menu can show an install
// button that calls its prompt(). Browsers without the event (Safari, Firefox) never show it.

type InstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};

/** Whether the page runs as the installed app (standalone window or iOS home-screen app). */
export function runsInstalled(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}

/** Called once at start-up (main.tsx), before any page renders, so the early event is not missed. */
export function captureInstallPrompt(): void {
  installed = runsInstalled();
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's own mini bar away: the site offers the install where it explains it.
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type InstallState = 'available' | 'installed' | 'unavailable';

function snapshot(): InstallState {
  if (installed) return 'installed';
  return deferred ? 'available' : 'unavailable';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(subscribe, snapshot, () => 'unavailable');
}

/** Shows the browser's install dialog; the offer is used up either way (the browser may fire a new one). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  notify();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') installed = true;
  notify();
  return outcome;
}
