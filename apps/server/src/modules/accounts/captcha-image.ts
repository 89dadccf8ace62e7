import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

// The login captcha image (spec §7 /wps/captcha), encoded as PNG in pure JavaScript (no native
// canvas). Upright, evenly spaced glyphs are read by simple template matching, so each glyph is
// drawn as strokes through its 5x7 bitmap, then turned, scaled, sheared and bent on its own, and
// packed so that neighbours overlap, along a wavy baseline; the noise (curves, arcs, specks) is
// drawn in the glyphs' own colours, so colour does not separate text from noise. A person still
// reads it: strokes are thicker than the noise and the alphabet has no look-alike pairs. A bought
// solver can still read it; the challenge and the per-account and per-address locks
// (captcha.service, login) stay the real defence. The naive solver in test/captcha-solver.ts
// measures the drawing (captcha-image.test.ts, bench/captcha.ts).

/**
 * No 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G pairs, and no V (bent and turned, it reads as U): what is
 * drawn can be read without doubt.
 */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTUWXY34679';

/** The 5x7 bitmap of each character ('#' inked), the skeleton the strokes follow. */
export const CAPTCHA_GLYPHS: Record<string, string[]> = {
  A: ['.###.', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  C: ['.####', '#....', '#....', '#....', '#....', '#....', '.####'],
  E: ['#####', '#....', '#....', '####.', '#....', '#....', '#####'],
  F: ['#####', '#....', '#....', '####.', '#....', '#....', '#....'],
  H: ['#...#', '#...#', '#...#', '#####', '#...#', '#...#', '#...#'],
  J: ['..###', '...#.', '...#.', '...#.', '...#.', '#..#.', '.##..'],
  K: ['#...#', '#..#.', '#.#..', '##...', '#.#..', '#..#.', '#...#'],
  M: ['#...#', '##.##', '#.#.#', '#.#.#', '#...#', '#...#', '#...#'],
  N: ['#...#', '##..#', '#.#.#', '#..##', '#...#', '#...#', '#...#'],
  P: ['####.', '#...#', '#...#', '####.', '#....', '#....', '#....'],
  R: ['####.', '#...#', '#...#', '####.', '#.#..', '#..#.', '#...#'],
  T: ['#####', '..#..', '..#..', '..#..', '..#..', '..#..', '..#..'],
  U: ['#...#', '#...#', '#...#', '#...#', '#...#', '#...#', '.###.'],
  V: ['#...#', '#...#', '#...#', '#...#', '#...#', '.#.#.', '..#..'],
  W: ['#...#', '#...#', '#...#', '#.#.#', '#.#.#', '##.##', '#...#'],
  X: ['#...#', '#...#', '.#.#.', '..#..', '.#.#.', '#...#', '#...#'],
  Y: ['#...#', '#...#', '.#.#.', '..#..', '..#..', '..#..', '..#..'],
  '3': ['####.', '....#', '....#', '.###.', '....#', '....#', '####.'],
  '4': ['...#.', '..##.', '.#.#.', '#..#.', '#####', '...#.', '...#.'],
  '6': ['.###.', '#....', '#....', '####.', '#...#', '#...#', '.###.'],
  '7': ['#####', '....#', '...#.', '..#..', '.#...', '.#...', '.#...'],
  '9': ['.###.', '#...#', '#...#', '.####', '....#', '....#', '.###.'],
};

export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 56;

export function randomCaptchaText(): string {
  const length = 4 + randomInt(2);
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

type Rgb = [number, number, number];
type Segment = [number, number, number, number];

/** A uniform random number in [min, max) from the CSPRNG (the drawing must not be predictable). */
function between(min: number, max: number): number {
  return min + (randomInt(1_000_000) / 1_000_000) * (max - min);
}

function pick<T>(items: readonly T[]): T {
  return items[randomInt(items.length)] as T;
}

/**
 * The strokes of a glyph, in cell units (cell centres at x + 0.5, y + 0.5): inked cells joined to
 * their inked right and lower neighbours, and diagonally only where no orthogonal path turns the
 * corner (the slopes of A, K, V, X, 4, 7 and the round corners).
 */
const strokeCache = new Map<string, Segment[]>();
function strokesOf(char: string): Segment[] {
  const known = strokeCache.get(char);
  if (known) return known;
  const glyph = CAPTCHA_GLYPHS[char];
  if (!glyph) throw new Error(`no glyph for ${char}`);
  const on = (x: number, y: number) => glyph[y]?.[x] === '#';
  const segments: Segment[] = [];
  for (let y = 0; y < 7; y++)
    for (let x = 0; x < 5; x++) {
      if (!on(x, y)) continue;
      let joined = false;
      const join = (nx: number, ny: number) => {
        segments.push([x + 0.5, y + 0.5, nx + 0.5, ny + 0.5]);
        joined = true;
      };
      if (on(x + 1, y)) join(x + 1, y);
      if (on(x, y + 1)) join(x, y + 1);
      if (on(x + 1, y + 1) && !on(x + 1, y) && !on(x, y + 1)) join(x + 1, y + 1);
      if (on(x - 1, y + 1) && !on(x - 1, y) && !on(x, y + 1)) join(x - 1, y + 1);
      const linked = joined || on(x - 1, y) || on(x, y - 1) || on(x - 1, y - 1) || on(x + 1, y - 1);
      if (!linked) segments.push([x + 0.5, y + 0.5, x + 0.5, y + 0.5]);
    }
  strokeCache.set(char, segments);
  return segments;
}

function distanceToSegment(px: number, py: number, [x1, y1, x2, y2]: Segment): number {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len2));
  const ex = px - (x1 + t * dx);
  const ey = py - (y1 + t * dy);
  return Math.sqrt(ex * ex + ey * ey);
}

/** Two or three dark colours of different hues: the glyphs and the noise share them. */
function palette(): Rgb[] {
  const hue = randomInt(360);
  const count = 2 + randomInt(2);
  return Array.from({ length: count }, (_, i) => hsl((hue + (i * 360) / count + randomInt(-20, 21)) % 360, 0.65, 0.3));
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Draws `text` (characters of CAPTCHA_ALPHABET) and returns the PNG bytes. */
export function renderCaptcha(text: string): Buffer {
  const W = CAPTCHA_WIDTH;
  const H = CAPTCHA_HEIGHT;
  const png = new PNG({ width: W, height: H });
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    const xi = Math.round(x);
    const yi = Math.round(y);
    if (xi < 0 || yi < 0 || xi >= W || yi >= H) return;
    const i = (yi * W + xi) * 4;
    png.data[i] = r;
    png.data[i + 1] = g;
    png.data[i + 2] = b;
    png.data[i + 3] = 255;
  };
  const colours = palette();

  // A light background with slow bands of tint, so no single grey level is "paper".
  const tint = hsl(randomInt(360), 0.5, 0.9);
  const bandX = between(0.04, 0.09);
  const bandPhase = between(0, Math.PI * 2);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const wave = 10 * Math.sin(x * bandX + y * 0.05 + bandPhase);
      set(x, y, [
        clamp(tint[0] + wave + randomInt(-6, 7)),
        clamp(tint[1] + wave + randomInt(-6, 7)),
        clamp(tint[2] + wave + randomInt(-6, 7)),
      ]);
    }

  // Thin curves behind the text, in the glyphs' colours.
  curve(set, pick(colours), 0.5);

  // The glyphs: packed tighter than their width so neighbours overlap; the baseline waves.
  const baseWave = { amplitude: between(2, 4), length: between(50, 90), phase: between(0, Math.PI * 2) };
  const advance = Math.min(26, (W - 30) / text.length);
  let cx = (W - advance * (text.length - 1)) / 2 + between(-3, 3);
  for (const char of text) {
    const cy = H / 2 + baseWave.amplitude * Math.sin((cx / baseWave.length) * Math.PI * 2 + baseWave.phase);
    drawGlyph(set, char, cx, cy + between(-3, 3), pick(colours));
    cx += advance + between(-2.5, 2.5);
  }

  // Noise over the text, in the same colours, thinner than a glyph's stroke.
  curve(set, pick(colours), 0.5);
  for (let n = 0; n < 4; n++) arc(set, pick(colours));
  for (let n = 0; n < 220; n++) {
    const colour = pick(colours);
    const x = randomInt(W);
    const y = randomInt(H);
    set(x, y, colour);
    if (randomInt(3) === 0) set(x + 1, y, colour);
  }
  return PNG.sync.write(png);
}

function clamp(v: number): number {
  return Math.max(0, Math.min(255, Math.round(v)));
}

/**
 * One glyph centred on (cx, cy): each pixel of its box is mapped back into the 5x7 cell space
 * (turn, shear, uneven scale, a bend along its height) and inked when it lies within the stroke
 * radius of the glyph's skeleton.
 */
function drawGlyph(set: (x: number, y: number, c: Rgb) => void, char: string, cx: number, cy: number, colour: Rgb) {
  const segments = strokesOf(char);
  const angle = (between(-22, 22) * Math.PI) / 180;
  const scaleX = between(4.0, 5.2);
  const scaleY = between(4.3, 5.4);
  const shear = between(-0.25, 0.25);
  const bend = between(-0.35, 0.35);
  const bendPhase = between(0, Math.PI * 2);
  const radius = between(0.5, 0.6);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const reach = 7 * 5.4 * 0.75;
  for (let y = Math.floor(cy - reach); y <= cy + reach; y++)
    for (let x = Math.floor(cx - reach); x <= cx + reach; x++) {
      // Undo the turn, then the shear and the scale, into cells centred on the glyph's middle.
      const rx = (x - cx) * cos + (y - cy) * sin;
      const ry = -(x - cx) * sin + (y - cy) * cos;
      const v = ry / scaleY;
      const u = (rx - shear * ry) / scaleX + bend * Math.sin(v * 1.1 + bendPhase);
      const gx = u + 2.5;
      const gy = v + 3.5;
      if (gx < -1 || gx > 6 || gy < -1 || gy > 8) continue;
      for (const s of segments)
        if (distanceToSegment(gx, gy, s) <= radius) {
          set(x, y, colour);
          break;
        }
    }
}

/** A curve across the whole image (a sine of random period), `width` pixels either side. */
function curve(set: (x: number, y: number, c: Rgb) => void, colour: Rgb, width: number) {
  const H = CAPTCHA_HEIGHT;
  const y0 = between(H * 0.2, H * 0.8);
  const amplitude = between(4, H * 0.3);
  const period = between(40, 140);
  const phase = between(0, Math.PI * 2);
  const tilt = between(-0.15, 0.15);
  for (let x = 0; x < CAPTCHA_WIDTH; x += 0.5) {
    const y = y0 + tilt * (x - CAPTCHA_WIDTH / 2) + amplitude * Math.sin((x / period) * Math.PI * 2 + phase);
    for (let d = -width; d <= width; d += 0.5) set(x, y + d, colour);
  }
}

/** A short open arc somewhere on the image: a stroke-like mark that belongs to no glyph. */
function arc(set: (x: number, y: number, c: Rgb) => void, colour: Rgb) {
  const cx = between(0, CAPTCHA_WIDTH);
  const cy = between(0, CAPTCHA_HEIGHT);
  const r = between(5, 14);
  const start = between(0, Math.PI * 2);
  const span = between(0.8, 2.2);
  for (let a = start; a < start + span; a += 0.03) {
    set(cx + r * Math.cos(a), cy + r * Math.sin(a), colour);
  }
}
