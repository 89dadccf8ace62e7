import { z } from 'zod';

// The brand's three app colours (docs/pwa.md): themeColor (the browser bar), backgroundColor
// (the splash screen behind the icon) and accentColor (the initials on the generated icons). The
// server checks each again (brand.service HexColor); the console checks the same #rrggbb form.

export const PWA_COLOUR_KEYS = ['themeColor', 'backgroundColor', 'accentColor'] as const;
export type PwaColourKey = (typeof PWA_COLOUR_KEYS)[number];
export type PwaColours = Record<PwaColourKey, string>;

const hex = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/);
export const PwaColoursSchema = z.object({ themeColor: hex, backgroundColor: hex, accentColor: hex });

export const DEFAULT_PWA_COLOURS: PwaColours = {
  themeColor: '#0f1320',
  backgroundColor: '#0f1320',
  accentColor: '#f2c14e',
};

/** The colours among the brand's settings; a missing or malformed one shows the server's default. */
export function coloursOf(settings: { key: string; value: unknown }[]): PwaColours {
  const out = { ...DEFAULT_PWA_COLOURS };
  for (const key of PWA_COLOUR_KEYS) {
    const value = settings.find((s) => s.key === key)?.value;
    if (typeof value === 'string' && hex.safeParse(value).success) out[key] = value;
  }
  return out;
}

/** Whether a text is a complete colour (the preview and the colour picker follow only those). */
export function isHexColour(value: string): boolean {
  return hex.safeParse(value).success;
}

function luminance(colour: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(colour.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21): the icon's initials on its background. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on `colour` (the preview's bar text). */
export function textOn(colour: string): '#000000' | '#ffffff' {
  return contrastRatio(colour, '#000000') >= contrastRatio(colour, '#ffffff') ? '#000000' : '#ffffff';
}
