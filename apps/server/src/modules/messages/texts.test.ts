import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTexts, renderSystemMessage, SYSTEM_MESSAGE_KINDS } from './message-texts';

// Every language of the player site (apps/web/src/locales/<code>.json) has the system messages in
// texts/<code>.json, with every kind and exactly English's placeholders (a translator cannot drop
// {amount} or invent {amout}).
const WEB_LOCALES = fileURLToPath(new URL('../../../../web/src/locales/', import.meta.url));
const languages = readdirSync(WEB_LOCALES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length).toUpperCase());

const placeholders = (text: string) => [...text.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort();

describe('system message texts', () => {
  const texts = loadTexts();

  it('has a file for every language of the player site and none besides', () => {
    expect(languages.length).toBeGreaterThan(30);
    expect(Object.keys(texts).sort()).toEqual([...languages].sort());
  });

  it.each(languages)('%s has every kind, with English placeholders and its own words', (language) => {
    const own = texts[language] ?? {};
    const english = texts.EN ?? {};
    for (const kind of SYSTEM_MESSAGE_KINDS) {
      const t = own[kind];
      const e = english[kind];
      expect(t, `${language} ${kind}`).toBeDefined();
      if (!t || !e) continue;
      expect(t.title.trim(), `${language} ${kind} title`).not.toBe('');
      expect(placeholders(t.title), `${language} ${kind} title`).toEqual(placeholders(e.title));
      expect(placeholders(t.content), `${language} ${kind} content`).toEqual(placeholders(e.content));
      if (language !== 'EN') expect(t.title, `${language} ${kind} untranslated`).not.toBe(e.title);
    }
  });

  it('renders in the reader language with the placeholders filled, and English for an unknown one', () => {
    const brand = { siteName: 'Lucky', currency: 'PHP', currencySymbol: '₱' };
    const de = renderSystemMessage('deposit_credited', { amount: 12345 }, 'de', brand);
    expect(de.content).toContain('PHP 123.45');
    expect(de.content).toContain('Lucky');
    expect(de.title).toBe(texts.DE?.deposit_credited?.title);
    const unknown = renderSystemMessage('deposit_credited', { amount: 100 }, 'XX', brand);
    expect(unknown.title).toBe('Deposit credited');
    expect(unknown.content).not.toMatch(/\{/);
  });
});
