import { PNG } from 'pngjs';
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS } from '../modules/accounts/captcha-image';

// A naive captcha solver, of the kind a short template-matching script is: ink is every dark
// pixel; each character's upright 5x7 bitmap, at a few scales, slides over the image; the best
// non-overlapping matches, read left to right, are the answer. It is told the answer's length, an
// advantage a real script lacks, so its figure errs on the attacker's side. An integral image makes
// each cell of a template one lookup, so 200 images take a few seconds.

const SCALES = [3, 4, 5];

type Candidate = { x: number; width: number; score: number; char: string };

/** Dark pixels (luminance under 150) as 1, the rest 0, with a summed-area table over them. */
function inkTable(png: PNG): {
  width: number;
  height: number;
  sum: (x: number, y: number, w: number, h: number) => number;
} {
  const { width, height, data } = png;
  const table = new Int32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const lum = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
      row += lum < 150 ? 1 : 0;
      table[(y + 1) * (width + 1) + x + 1] = (table[y * (width + 1) + x + 1] ?? 0) + row;
    }
  }
  const at = (x: number, y: number) => table[y * (width + 1) + x] ?? 0;
  return {
    width,
    height,
    sum: (x, y, w, h) => at(x + w, y + h) - at(x, y + h) - at(x + w, y) + at(x, y),
  };
}

/** Each character's inked and blank cells as offsets into a density grid `width` wide at scale `s`. */
function cellOffsets(width: number, s: number) {
  return [...CAPTCHA_ALPHABET].map((char) => {
    const glyph = CAPTCHA_GLYPHS[char] ?? [];
    const on: number[] = [];
    const off: number[] = [];
    for (let row = 0; row < 7; row++)
      for (let col = 0; col < 5; col++) (glyph[row]?.[col] === '#' ? on : off).push(row * s * width + col * s);
    return { char, on: Int32Array.from(on), off: Int32Array.from(off) };
  });
}

/**
 * The solver's reading of a captcha PNG of `length` characters. A glyph at scale `s` with its top
 * left at (x, y) scores the share of its inked cells that are ink minus the share of its blank
 * cells that are ink (1 is a perfect, clean fit).
 */
export function solveCaptcha(image: Buffer, length: number): string {
  const ink = inkTable(PNG.sync.read(image));
  const { width, height } = ink;
  const candidates: Candidate[] = [];
  for (const s of SCALES) {
    // The ink density of the s-by-s cell whose top left is each pixel.
    const density = new Float32Array(width * height);
    for (let y = 0; y + s <= height; y++)
      for (let x = 0; x + s <= width; x++) density[y * width + x] = ink.sum(x, y, s, s) / (s * s);
    const glyphs = cellOffsets(width, s);
    const w = 5 * s;
    const h = 7 * s;
    for (let x = 0; x + w <= width; x++) {
      let best: Candidate | undefined;
      for (let y = 0; y + h <= height; y++) {
        const base = y * width + x;
        for (const g of glyphs) {
          let on = 0;
          for (const o of g.on) on += density[base + o] ?? 0;
          let off = 0;
          for (const o of g.off) off += density[base + o] ?? 0;
          const score = on / g.on.length - off / g.off.length;
          if (!best || score > best.score) best = { x, width: w, score, char: g.char };
        }
      }
      if (best) candidates.push(best);
    }
  }
  candidates.sort((a, b) => b.score - a.score);
  const chosen: Candidate[] = [];
  for (const c of candidates) {
    if (chosen.length === length) break;
    const overlaps = chosen.some((o) => c.x < o.x + o.width * 0.7 && o.x < c.x + c.width * 0.7);
    if (!overlaps) chosen.push(c);
  }
  return chosen
    .sort((a, b) => a.x - b.x)
    .map((c) => c.char)
    .join('');
}

/**
 * The solver's control: the same characters drawn upright and apart (3-pixel cells, a little
 * jitter, two lines and specks), the kind of image the solver was written for. A solver that
 * fails here is broken, and its low figure on real captchas would say nothing.
 */
export function renderUprightCaptcha(text: string, random: () => number = Math.random): Buffer {
  const width = 130;
  const height = 44;
  const png = new PNG({ width, height });
  const set = (x: number, y: number, v: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return;
    const i = (y * width + x) * 4;
    png.data[i] = v;
    png.data[i + 1] = v;
    png.data[i + 2] = v;
    png.data[i + 3] = 255;
  };
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min));
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) set(x, y, int(236, 256));
  const left = Math.floor((width - text.length * 24) / 2);
  for (const [index, char] of [...text].entries()) {
    const glyph = CAPTCHA_GLYPHS[char] ?? [];
    const x0 = left + index * 24 + int(-2, 3);
    const y0 = 11 + int(-4, 5);
    const shade = int(20, 110);
    for (const [row, line] of glyph.entries())
      for (let col = 0; col < 5; col++)
        if (line[col] === '#')
          for (let dy = 0; dy < 3; dy++)
            for (let dx = 0; dx < 3; dx++) set(x0 + col * 3 + dx, y0 + row * 3 + dy, shade);
  }
  for (let n = 0; n < 2; n++) {
    const y1 = int(0, height);
    const y2 = int(0, height);
    for (let x = 0; x < width; x++) set(x, Math.round(y1 + ((y2 - y1) * x) / width), int(20, 110));
  }
  for (let n = 0; n < 160; n++) set(int(0, width), int(0, height), int(20, 110));
  return PNG.sync.write(png);
}
