import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from './precompress';

const dir = mkdtempSync(path.join(tmpdir(), 'gamehall-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('writes brotli and gzip copies of the text files worth it, stamped with their file time, and drops stale ones', async () => {
  const script = `export const a = ${JSON.stringify('gamehall '.repeat(500))};`;
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app.js'), script);
  writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
  writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
  writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(5000, 1));
  // Left over by an older build: its file is gone.
  writeFileSync(path.join(dir, 'assets', 'old.js.br'), 'stale');

  const totals = await precompressDir(dir);
  expect(totals.files).toBe(2);
  const app = path.join(dir, 'assets', 'app.js');
  expect(brotliDecompressSync(readFileSync(`${app}.br`)).toString()).toBe(script);
  expect(gunzipSync(readFileSync(`${app}.gz`)).toString()).toBe(script);
  expect(statSync(`${app}.br`).mtimeMs).toBe(statSync(app).mtimeMs);
  expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
  expect(readFileSync(path.join(dir, 'tiny.css')).length).toBeLessThan(PRECOMPRESS_MIN_BYTES);
  expect(existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
  expect(existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
  expect(existsSync(path.join(dir, 'assets', 'old.js.br'))).toBe(false);

  // Run again (a second build into the same folder): the copies are made afresh, not copies of copies.
  await precompressDir(dir);
  expect(existsSync(`${app}.br.br`)).toBe(false);
  expect(brotliDecompressSync(readFileSync(`${app}.br`)).toString()).toBe(script);
});
