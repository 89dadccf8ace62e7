import { createStore } from './store';

// Cookie consent (docs/site.md "Cookie consent"): where the brand asks (brand setting
// cookieConsentBanner), the visitor's answer per category, kept in local storage. Necessary
// storage (the session, language, theme, this answer) needs no consent. The site sets no analytics
// or marketing storage today; anything that ever does must ask consentGiven() first.

export const CONSENT_KEY = 'cookieConsent';
/** Bumped when the categories change: an answer to older categories is asked again. */
export const CONSENT_VERSION = 1;

export type ConsentCategory = 'analytics' | 'marketing';
export type ConsentChoice = { version: number; analytics: boolean; marketing: boolean; at: string };

export function readConsent(): ConsentChoice | null {
  try {
    const raw = localStorage.getItem(CONSENT_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ConsentChoice>;
    if (parsed.version !== CONSENT_VERSION) return null;
    return {
      version: CONSENT_VERSION,
      analytics: parsed.analytics === true,
      marketing: parsed.marketing === true,
      at: String(parsed.at ?? ''),
    };
  } catch {
    return null;
  }
}

export function saveConsent(choice: { analytics: boolean; marketing: boolean }, now = new Date()): ConsentChoice {
  const saved: ConsentChoice = { version: CONSENT_VERSION, ...choice, at: now.toISOString() };
  localStorage.setItem(CONSENT_KEY, JSON.stringify(saved));
  consentStore.set({ choice: saved, open: false });
  return saved;
}

/** Whether the visitor agreed to a category (never, before an answer). */
export function consentGiven(category: ConsentCategory): boolean {
  return readConsent()?.[category] === true;
}

/** The answer, and whether the banner is open to change it (the footer's "Cookie settings"). */
export const consentStore = createStore<{ choice: ConsentChoice | null; open: boolean }>({
  choice: typeof localStorage === 'undefined' ? null : readConsent(),
  open: false,
});

export function reopenConsent(): void {
  consentStore.set({ ...consentStore.get(), open: true });
}
