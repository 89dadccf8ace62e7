import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CONSENT_KEY,
  consentStore,
  keepsPreferences,
  readConsent,
  readPreference,
  reopenConsent,
  saveConsent,
  setConsentAsked,
  writePreference,
} from './consent';

// Plain node: local and session storage are small fakes of the browser's.
function fakeStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, String(v)),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

describe('cookie consent', () => {
  beforeEach(() => {
    vi.stubGlobal('localStorage', fakeStorage());
    vi.stubGlobal('sessionStorage', fakeStorage());
    consentStore.set({ choice: null, open: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps preferences in the tab before an answer where the brand asks', () => {
    setConsentAsked(true);
    expect(readConsent()).toBeNull();
    expect(keepsPreferences()).toBe(false);
    writePreference('theme', 'light');
    expect(localStorage.getItem('theme')).toBeNull();
    expect(readPreference('theme')).toBe('light');
  });

  it('remembers the answer with its version and time, and applies it', () => {
    setConsentAsked(true);
    writePreference('theme', 'light');
    saveConsent({ preferences: true }, new Date('2025-05-01T10:00:00Z'));
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY) ?? '{}')).toEqual({
      version: 2,
      preferences: true,
      at: '2025-05-01T10:00:00.000Z',
    });
    expect(consentStore.get()).toMatchObject({ open: false, choice: { preferences: true } });
    expect(localStorage.getItem('theme')).toBe('light');
    expect(sessionStorage.getItem('theme')).toBeNull();
  });

  it('asks again when the stored answer is of other categories or unreadable', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ version: 1, analytics: true, marketing: true }));
    expect(readConsent()).toBeNull();
    localStorage.setItem(CONSENT_KEY, '{not json');
    expect(readConsent()).toBeNull();
  });

  it('keeps preferences on the device where the brand does not ask', () => {
    setConsentAsked(false);
    writePreference('balanceHidden', '1');
    expect(localStorage.getItem('balanceHidden')).toBe('1');
  });

  it('reopens the banner to change the answer', () => {
    saveConsent({ preferences: false });
    reopenConsent();
    expect(consentStore.get().open).toBe(true);
  });
});
