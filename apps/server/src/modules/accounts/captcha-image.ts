import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

// The login captcha image (spec §7 /wps/captcha): characters from a small 5x7 bitmap font, scaled,
// jittered and crossed with noise, encoded as PNG in pure JavaScript (no native canvas).

/** No 0/O/Q/D, 1/I/L, 2/Z, 5/S, 8/B, 6/G pairs: what is drawn can be read without doubt. */
export const CAPTCHA_ALPHABET = 'ACEFHJKMNPRTUVWXY34679';

const GLYPHS: Record<string, string[]> = {
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

export const CAPTCHA_WIDTH = 130;
export const CAPTCHA_HEIGHT = 44;
const SCALE = 3;
const CELL = 24;

export function randomCaptchaText(): string {
  const length = 4 + randomInt(2);
  let text = '';
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

type Rgb = [number, number, number];

/** Draws `text` (characters of CAPTCHA_ALPHABET) and returns the PNG bytes. */
export function renderCaptcha(text: string): Buffer {
  const png = new PNG({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT });
  const set = (x: number, y: number, [r, g, b]: Rgb) => {
    if (x < 0 || y < 0 || x >= CAPTCHA_WIDTH || y >= CAPTCHA_HEIGHT) return;
    const i = (y * CAPTCHA_WIDTH + x) * 4;
    png.data[i] = r;
    png.data[i + 1] = g;
    png.data[i + 2] = b;
    png.data[i + 3] = 255;
  };

  for (let y = 0; y < CAPTCHA_HEIGHT; y++)
    for (let x = 0; x < CAPTCHA_WIDTH; x++) set(x, y, [236 + randomInt(20), 236 + randomInt(20), 236 + randomInt(20)]);

  const glyphHeight = 7 * SCALE;
  const left = Math.max(2, Math.floor((CAPTCHA_WIDTH - text.length * CELL) / 2));
  for (const [index, char] of [...text].entries()) {
    const glyph = GLYPHS[char];
    if (!glyph) throw new Error(`no glyph for ${char}`);
    const color = darkColor();
    const x0 = left + index * CELL + randomInt(-2, 3);
    const y0 = Math.floor((CAPTCHA_HEIGHT - glyphHeight) / 2) + randomInt(-4, 5);
    // A per-character slant: each row shifts a little, so the glyphs are not pixel-identical.
    const slant = randomInt(-2, 3) / 7;
    for (const [row, line] of glyph.entries()) {
      for (let col = 0; col < line.length; col++) {
        if (line[col] !== '#') continue;
        const shift = Math.round((3 - row) * slant * SCALE);
        for (let dy = 0; dy < SCALE; dy++)
          for (let dx = 0; dx < SCALE; dx++) set(x0 + col * SCALE + dx + shift, y0 + row * SCALE + dy, color);
      }
    }
  }

  for (let n = 0; n < 2; n++) line(set, darkColor());
  for (let n = 0; n < 160; n++) set(randomInt(CAPTCHA_WIDTH), randomInt(CAPTCHA_HEIGHT), darkColor());
  return PNG.sync.write(png);
}

function darkColor(): Rgb {
  return [randomInt(20, 110), randomInt(20, 110), randomInt(20, 110)];
}

function line(set: (x: number, y: number, c: Rgb) => void, color: Rgb) {
  const y1 = randomInt(CAPTCHA_HEIGHT);
  const y2 = randomInt(CAPTCHA_HEIGHT);
  for (let x = 0; x < CAPTCHA_WIDTH; x++) {
    const y = Math.round(y1 + ((y2 - y1) * x) / CAPTCHA_WIDTH);
    set(x, y, color);
  }
}
