import { createHash } from 'node:crypto';

// The app's icons (docs/pwa.md) are drawn here from the brand's colours and initials, so
// a brand needs no image of its own and the site loads no external image. The initials use a small
// stroke font on a 4 x 6 grid (x right, y down): rendered as paths, not text, so the result does not
// depend on the fonts installed on the server.
type Glyph = ReadonlyArray<ReadonlyArray<readonly [number, number]>>;

const O: Glyph = [
  [
    [1, 0],
    [3, 0],
    [4, 1],
    [4, 5],
    [3, 6],
    [1, 6],
    [0, 5],
    [0, 1],
    [1, 0],
  ],
];
const P: Glyph = [
  [
    [0, 6],
    [0, 0],
    [3, 0],
    [4, 1],
    [4, 2],
    [3, 3],
    [0, 3],
  ],
];

// biome-ignore format: one glyph a line reads as a font table
const GLYPHS: Record<string, Glyph> = {
  A: [[[0, 6], [0, 2], [2, 0], [4, 2], [4, 6]], [[0, 4], [4, 4]]],
  B: [[[0, 0], [0, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]], [[0, 0], [3, 0], [4, 1], [4, 2], [3, 3]]],
  C: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5]]],
  D: [[[0, 0], [0, 6], [2, 6], [4, 4], [4, 2], [2, 0], [0, 0]]],
  E: [[[4, 0], [0, 0], [0, 6], [4, 6]], [[0, 3], [3, 3]]],
  F: [[[4, 0], [0, 0], [0, 6]], [[0, 3], [3, 3]]],
  G: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 3], [2, 3]]],
  H: [[[0, 0], [0, 6]], [[4, 0], [4, 6]], [[0, 3], [4, 3]]],
  I: [[[1, 0], [3, 0]], [[2, 0], [2, 6]], [[1, 6], [3, 6]]],
  J: [[[4, 0], [4, 5], [3, 6], [1, 6], [0, 5]]],
  K: [[[0, 0], [0, 6]], [[4, 0], [0, 4]], [[1, 3], [4, 6]]],
  L: [[[0, 0], [0, 6], [4, 6]]],
  M: [[[0, 6], [0, 0], [2, 3], [4, 0], [4, 6]]],
  N: [[[0, 6], [0, 0], [4, 6], [4, 0]]],
  O,
  P,
  Q: [...O, [[2, 4], [4, 6]]],
  R: [...P, [[2, 3], [4, 6]]],
  S: [[[4, 1], [3, 0], [1, 0], [0, 1], [0, 2], [1, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  T: [[[0, 0], [4, 0]], [[2, 0], [2, 6]]],
  U: [[[0, 0], [0, 5], [1, 6], [3, 6], [4, 5], [4, 0]]],
  V: [[[0, 0], [2, 6], [4, 0]]],
  W: [[[0, 0], [1, 6], [2, 3], [3, 6], [4, 0]]],
  X: [[[0, 0], [4, 6]], [[4, 0], [0, 6]]],
  Y: [[[0, 0], [2, 3], [4, 0]], [[2, 3], [2, 6]]],
  Z: [[[0, 0], [4, 0], [0, 6], [4, 6]]],
  '0': [...O, [[3, 1], [1, 5]]],
  '1': [[[1, 1], [2, 0], [2, 6]], [[1, 6], [3, 6]]],
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]], [[1, 3], [3, 3]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '5': [[[4, 0], [0, 0], [0, 3], [3, 3], [4, 4], [4, 5], [3, 6], [1, 6], [0, 5]]],
  '6': [[[3, 0], [1, 0], [0, 1], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3], [0, 3]]],
  '7': [[[0, 0], [4, 0], [1, 6]]],
  '8': [[[1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [3, 3], [1, 3], [0, 4], [0, 5], [1, 6], [3, 6], [4, 5], [4, 4], [3, 3]]],
  '9': [[[4, 3], [1, 3], [0, 2], [0, 1], [1, 0], [3, 0], [4, 1], [4, 5], [3, 6], [1, 6]]],
  // A name with no Latin letter or digit (a brand named in another script) gets a diamond.
  '*': [[[2, 0], [4, 3], [2, 6], [0, 3], [2, 0]]],
};

/** Up to two initials of the brand's name: the first letter of its first two words, else its first letter. */
export function brandInitials(siteName: string): string {
  const words = siteName
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter((w) => w.length > 0);
  const initials = words
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  return initials.length > 0 ? initials : '*';
}

export type IconStyle = { initials: string; background: string; foreground: string; maskable: boolean };

const VIEW = 512;
const GAP = 1.6;

/**
 * The icon as SVG. A plain icon is a rounded square with the initials inside about 60% of it; a
 * maskable one fills the whole square and keeps the initials inside the central safe zone (a
 * circle of 40% of the size, W3C manifest "maskable"), since the platform crops it to its shape.
 */
export function iconSvg(style: IconStyle, size = VIEW): string {
  const glyphs = [...style.initials].map((c) => GLYPHS[c] ?? GLYPHS['*'] ?? []);
  const width = glyphs.length * 4 + (glyphs.length - 1) * GAP;
  const box = style.maskable ? { w: 220, h: 190 } : { w: 300, h: 260 };
  const scale = Math.min(box.w / width, box.h / 6);
  const x0 = (VIEW - width * scale) / 2;
  const y0 = (VIEW - 6 * scale) / 2;
  const paths = glyphs.flatMap((glyph, i) =>
    glyph.map(
      (line) =>
        `M${line.map(([x, y]) => `${round(x0 + (x + i * (4 + GAP)) * scale)} ${round(y0 + y * scale)}`).join('L')}`,
    ),
  );
  const background = style.maskable
    ? `<rect width="${VIEW}" height="${VIEW}" fill="${style.background}"/>`
    : `<rect width="${VIEW}" height="${VIEW}" rx="96" fill="${style.background}"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${VIEW} ${VIEW}">`,
    background,
    `<path d="${paths.join('')}" fill="none" stroke="${style.foreground}" stroke-width="${round(scale * 0.9)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    '</svg>',
  ].join('');
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

// Rendered PNGs by their SVG: a brand has a handful of icons and they change only with its settings.
const pngCache = new Map<string, Buffer>();

/** The icon as a PNG of `size` pixels (rasterised by sharp, already a server dependency). */
export async function iconPng(style: IconStyle, size: number): Promise<Buffer> {
  const svg = iconSvg(style, size);
  const cached = pngCache.get(svg);
  if (cached) return cached;
  // Loaded on the first icon asked for, not at start-up (sharp is slow to import).
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  if (pngCache.size > 64) pngCache.clear();
  pngCache.set(svg, png);
  return png;
}

/** A short version of the style, for icon URLs: a brand change gives new URLs, so caches never serve old icons. */
export function iconVersion(style: Omit<IconStyle, 'maskable'>): string {
  return createHash('sha256')
    .update(`${style.initials}|${style.background}|${style.foreground}`)
    .digest('hex')
    .slice(0, 10);
}
