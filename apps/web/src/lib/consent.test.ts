import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSENT_KEY, consentGiven, consentStore, readConsent, reopenConsent, saveConsent } from './consent';

// Plain node: local storage is a small fake of the browser's.
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
  beforeEach(() => vi.stubGlobal('localStorage', fakeStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('gives nothing non-essential before an answer', () => {
    expect(readConsent()).toBeNull();
    expect(consentGiven('analytics')).toBe(false);
    expect(consentGiven('marketing')).toBe(false);
  });

  it('remembers each category as answered, with the time', () => {
    saveConsent({ analytics: true, marketing: false }, new Date('2025-05-01T10:00:00Z'));
    expect(consentGiven('analytics')).toBe(true);
    expect(consentGiven('marketing')).toBe(false);
    expect(JSON.parse(localStorage.getItem(CONSENT_KEY) ?? '{}')).toMatchObject({
      version: 1,
      at: '2025-05-01T10:00:00.000Z',
    });
    expect(consentStore.get()).toMatchObject({ open: false, choice: { analytics: true } });
  });

  it('asks again when the stored answer is of other categories or unreadable', () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ version: 0, analytics: true }));
    expect(readConsent()).toBeNull();
    localStorage.setItem(CONSENT_KEY, '{not json');
    expect(readConsent()).toBeNull();
  });

  it('reopens the banner to change the answer', () => {
    saveConsent({ analytics: false, marketing: false });
    reopenConsent();
    expect(consentStore.get().open).toBe(true);
  });
});
