import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOT_THEMES } from '../../casino/engines';
import { FISH_PALETTES } from './fish-art';
import { FISH_OF, payTier, symbolLabels } from './symbol-art';
import { ICONS, iconKey } from './symbol-icons';

/** The picture a symbol gets: a fishing-game fish or a drawing of symbol-icons.ts. */
function pictureOf(theme: string, name: string): string | undefined {
  const fish = FISH_OF[name.toLowerCase()];
  return fish ? `fish:${fish}` : iconKey(theme, name);
}

describe('slot symbol pictures', () => {
  it('every symbol of every theme, wild and scatter included, has a picture of its own within its theme', () => {
    const used = new Set<string>();
    for (const theme of SLOT_THEMES) {
      const symbols = [...theme.regular, theme.wild, theme.scatter];
      const pictures = symbols.map((s) => pictureOf(theme.id, s.name));
      for (const [i, picture] of pictures.entries()) expect(picture, `${theme.id}: ${symbols[i]!.name}`).toBeDefined();
      expect(new Set(pictures).size, theme.id).toBe(symbols.length);
      for (const p of pictures) used.add(p!);
    }
    // No drawing is dead weight in the page script, and each fish named exists in the fishing art.
    for (const key of Object.keys(ICONS)) expect(used.has(key), key).toBe(true);
    for (const fish of Object.values(FISH_OF)) expect(FISH_PALETTES[fish], fish).toBeDefined();
  });

  it('drawings are well-formed SVG markup without holes, and small', () => {
    for (const [key, markup] of Object.entries(ICONS)) {
      expect(markup.length, key).toBeGreaterThan(40);
      expect(markup, key).not.toMatch(/undefined|NaN|\[object/);
      expect(markup, key).not.toMatch(/<(script|image|foreignObject)|href=|\p{Extended_Pictographic}/u);
      // Every element closes: self-closing tags, or an opening tag with its own closing tag.
      const opened = (markup.match(/<(g|text|clipPath)\b/g) ?? []).length;
      const closed = (markup.match(/<\/(g|text|clipPath)>/g) ?? []).length;
      expect(closed, key).toBe(opened);
    }
    // The drawings' source is what every game page downloads (minified, about 12 KB gzipped).
    expect(statSync(fileURLToPath(new URL('./symbol-icons.ts', import.meta.url))).size).toBeLessThan(40_000);
  });

  it('pay tiers: the three best symbols are high, the next three mid, the rest low', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8].map(payTier)).toEqual([
      'high',
      'high',
      'high',
      'mid',
      'mid',
      'mid',
      'low',
      'low',
      'low',
    ]);
  });
});

// Symbols with no drawing (a theme added later) fall back to a two-letter label: within one game no
// two symbols may share one.
describe('slot symbol labels', () => {
  it('are distinct and at most two characters in every theme', () => {
    for (const theme of SLOT_THEMES) {
      const labels = symbolLabels(theme.regular.map((s) => s.name));
      expect(new Set(labels).size, theme.id).toBe(labels.length);
      for (const l of labels) expect(l, theme.id).toMatch(/^[A-Z0-9]{1,2}$/);
    }
    expect(symbolLabels(['Saturn', 'Satellite', 'Sax', 'Red Envelope'])).toEqual(['SA', 'ST', 'SX', 'RE']);
  });
});
