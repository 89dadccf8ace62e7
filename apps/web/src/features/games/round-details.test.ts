import { createInstance } from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import de from '../../locales/de.json';
import { openInNewTab, RoundDetailsButton } from './round-details';

// A betting record row's "Provider's details" opens the provider's address in a tab the click
// itself opened (pop-up blockers let those through), and leaves no empty tab behind on a failure.

function fakeWindow(blocked = false) {
  const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
  const open = vi.fn((_url?: string, _target?: string, _features?: string) =>
    blocked ? null : (tab as unknown as Window),
  );
  return { win: { open }, tab, open };
}

const url = 'https://provider.example/round/r-1?token=abc';

describe('openInNewTab', () => {
  it('opens a blank tab on the click, before the address is known, then points it there', async () => {
    const { win, tab, open } = fakeWindow();
    let answer: (url: string) => void = () => {};
    const opened = openInNewTab(() => new Promise<string>((resolve) => (answer = resolve)), win);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.location.href).toBe('about:blank');
    answer(url);
    await opened;
    expect(tab.location.href).toBe(url);
    expect(tab.close).not.toHaveBeenCalled();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('closes the tab and passes the error on when the address cannot be had', async () => {
    const { win, tab } = fakeWindow();
    const refusal = new ApiError('ROUND_DETAILS_UNAVAILABLE', 'down', 503);
    await expect(openInNewTab(() => Promise.reject(refusal), win)).rejects.toBe(refusal);
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe('about:blank');
  });

  it('loads nothing but a web address', async () => {
    const { win, tab } = fakeWindow();
    await expect(openInNewTab(() => Promise.resolve('javascript:alert(1)'), win)).rejects.toMatchObject({
      code: 'ROUND_DETAILS_UNAVAILABLE',
    });
    expect(tab.close).toHaveBeenCalledOnce();
    expect(tab.location.href).toBe('about:blank');
  });

  it('opens the address itself, without an opener or referrer, when the blank tab was blocked', async () => {
    const { win, open } = fakeWindow(true);
    await openInNewTab(() => Promise.resolve(url), win);
    expect(open).toHaveBeenLastCalledWith(url, '_blank', 'noopener,noreferrer');
  });
});

describe('RoundDetailsButton', () => {
  async function render(iconOnly: boolean): Promise<string> {
    const i18n = createInstance();
    await i18n.use(initReactI18next).init({
      resources: { de: { translation: de } },
      lng: 'de',
      interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    });
    const round = { vassalage: 'CALETA', roundId: 'r-1' };
    return renderToStaticMarkup(
      createElement(I18nextProvider, { i18n }, createElement(RoundDetailsButton, { round, iconOnly })),
    );
  }

  it("names the provider's details in the member's language, in words or, in the recall, for screen readers", async () => {
    expect(await render(false)).toMatch(/<button[^>]*>.*Details des Anbieters<\/button>/);
    const icon = await render(true);
    expect(icon).toContain('title="Details des Anbieters"');
    expect(icon).toContain('<span class="sr-only">Details des Anbieters</span>');
  });
});
