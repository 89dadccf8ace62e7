import { createStore } from './store';

// Cookie consent (docs/site.md "Cookie consent"): where the brand asks (brand setting
// cookieConsentBanner), the visitor's answer, kept in local storage on this browser only (a member's
// answer is not sent to the server). Necessary storage (the session, language, the device id, the
// chat's visitor token, remember me when ticked, this answer) needs no consent. The one optional kind
// the site has is preference storage: the display choices below, kept on the device between visits
// only after Accept, and for the tab only (session storage) before an answer or after Necessary only.
// The site sets no analytics or marketing storage: anything that ever does needs a category of its
// own here and a new CONSENT_VERSION.

export const CONSENT_KEY = 'cookieConsent';
/** Bumped when the categories change: an answer to older categories is asked again. */
export const CONSENT_VERSION = 2;

/**
 * The optional storage: display choices that are remembered between visits only with consent
 * (lib/storage STORAGE_KEYS theme, balanceHidden, jackpot; named here, not imported, so the lazy
 * banner's import of this module does not split lib/storage out of the first chunk).
 */
export const PREFERENCE_KEYS: readonly string[] = ['theme', 'balanceHidden', 'jackpot'];

export type ConsentChoice = { version: number; preferences: boolean; at: string };

export function readConsent(): ConsentChoice | null {
  try {
    const raw = localStorage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ConsentChoice>;
    if (parsed.version !== CONSENT_VERSION) return null;
    return { version: CONSENT_VERSION, preferences: parsed.preferences === true, at: String(parsed.at ?? '') };
  } catch {
    return null;
  }
}

/** The answer, and whether the banner is open to change it (the footer's "Cookie settings"). */
export const consentStore = createStore<{ choice: ConsentChoice | null; open: boolean }>({
  choice: typeof localStorage === 'undefined' ? null : readConsent(),
  open: false,
});

// Whether the brand asks (from the site config); unknown until it arrives, and while unknown the
// preferences stay in the tab: nothing optional is written to the device before the site knows.
let asked: boolean | undefined;

/** Whether preference storage may go on the device between visits now. */
export function keepsPreferences(): boolean {
  return asked === false || consentStore.get().choice?.preferences === true;
}

export function saveConsent(choice: { preferences: boolean }, now = new Date()): ConsentChoice {
  const saved: ConsentChoice = { version: CONSENT_VERSION, ...choice, at: now.toISOString() };
  localStorage.setItem(CONSENT_KEY, JSON.stringify(saved));
  consentStore.set({ choice: saved, open: false });
  settlePreferences();
  return saved;
}

/** The site config said whether the brand asks for consent: move the preferences where they belong. */
export function setConsentAsked(value: boolean): void {
  if (asked === value) return;
  asked = value;
  settlePreferences();
}

export function reopenConsent(): void {
  consentStore.set({ ...consentStore.get(), open: true });
}

/** A preference, from the tab's storage or the device's. */
export function readPreference(key: string): string | null {
  try {
    return sessionStorage.getItem(key) ?? localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Writes a preference where the answer allows: the device with consent, otherwise this tab only. */
export function writePreference(key: string, value: string): void {
  try {
    if (keepsPreferences()) {
      localStorage.setItem(key, value);
      sessionStorage.removeItem(key);
    } else {
      sessionStorage.setItem(key, value);
      if (asked !== undefined) localStorage.removeItem(key);
    }
  } catch {
    // Storage full or refused (private mode): the choice still holds for this page.
  }
}

/**
 * Moves the preferences to the storage the answer allows: to the device after Accept (or where the
 * brand does not ask), off the device into the tab after Necessary only or before an answer.
 */
function settlePreferences(): void {
  if (asked === undefined && consentStore.get().choice === null) return;
  const keep = keepsPreferences();
  try {
    for (const key of PREFERENCE_KEYS) {
      const from = keep ? sessionStorage : localStorage;
      const to = keep ? localStorage : sessionStorage;
      const value = from.getItem(key);
      if (value === null) continue;
      to.setItem(key, value);
      from.removeItem(key);
    }
  } catch {
    // Storage refused: nothing was kept to move.
  }
}
