// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConsentHost } from '../../app/layout/legal-hosts';
import { CONSENT_KEY, consentStore, readConsent, readPreference, reopenConsent } from '../../lib/consent';
import { STORAGE_KEYS } from '../../lib/storage';
import { setTheme } from '../../lib/theme';
import { click, setUpDom } from '../../test/dom';

// The cookie banner where the brand asks (brand setting cookieConsentBanner): a first visit sees it,
// the answer is kept and the banner does not come back, and each answer does what the banner says:
// Accept keeps the display preferences on the device, Necessary only keeps them in the tab.

const dom = setUpDom();

async function showSite(asks: boolean) {
  const client = new QueryClient();
  client.setQueryData(['system', 'config'], { cookieConsentBanner: asks });
  await dom.render(
    createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, createElement(ConsentHost))),
  );
}

const banner = () => dom.host().querySelector<HTMLElement>('[data-testid="consent-banner"]');
const button = (name: string) =>
  [...dom.host().querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement;
const stored = () => JSON.parse(localStorage.getItem(CONSENT_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  consentStore.set({ choice: null, open: false });
});

describe('the cookie banner', () => {
  it('is not shown where the brand does not ask; preferences then stay on the device', async () => {
    await showSite(false);
    expect(banner()).toBeNull();
    setTheme('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
  });

  it('asks a first visit, links the cookie notice, and keeps preferences off the device until an answer', async () => {
    localStorage.setItem(STORAGE_KEYS.balanceHidden, '1');
    await showSite(true);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    const text = banner()?.textContent ?? '';
    expect(text).toContain('It sets no analytics or advertising cookies.');
    expect(text).toContain('Accept: your theme, hidden balance and jackpot counter are also remembered');
    expect(text).toContain('Necessary only: those are kept for this tab only');
    expect(banner()?.querySelector('a')?.getAttribute('href')).toBe('/legal/cookies');
    // Before an answer, a preference already on the device moves into the tab.
    expect(localStorage.getItem(STORAGE_KEYS.balanceHidden)).toBeNull();
    expect(readPreference(STORAGE_KEYS.balanceHidden)).toBe('1');
    setTheme('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(stored()).toBeNull();
  });

  it('Necessary only: the answer is kept, the banner goes and stays gone, preferences stay in the tab', async () => {
    await showSite(true);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    await click(button('Necessary only'));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ version: 2, preferences: false });
    setTheme('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    // A later visit (the stored answer read again) meets no banner.
    await act(async () => consentStore.set({ choice: stored(), open: false }));
    await showSite(true);
    expect(banner()).toBeNull();
  });

  it('Accept: the preferences of this tab go on the device, and later ones too', async () => {
    await showSite(true);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    setTheme('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    await click(button('Accept'));
    expect(banner()).toBeNull();
    expect(stored()).toMatchObject({ version: 2, preferences: true });
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(sessionStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    setTheme('dark');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('opens again from Cookie settings to change the answer, which takes the preferences off the device', async () => {
    await showSite(true);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    await click(button('Accept'));
    setTheme('light');
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    await act(async () => reopenConsent());
    await vi.waitFor(() => expect(banner()).not.toBeNull());
    await click(button('Necessary only'));
    expect(localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
    expect(readPreference(STORAGE_KEYS.theme)).toBe('light');
  });

  it('asks again after an answer to the earlier categories (analytics and marketing)', async () => {
    localStorage.setItem(CONSENT_KEY, JSON.stringify({ version: 1, analytics: true, marketing: true, at: '' }));
    consentStore.set({ choice: readConsent(), open: false });
    expect(consentStore.get().choice).toBeNull();
    await showSite(true);
    await vi.waitFor(() => expect(banner()).not.toBeNull());
  });
});
