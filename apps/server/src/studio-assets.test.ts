import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MountedStudio, mountStudio } from './test/studio-fixture';

// The house studio's game-page scripts and stylesheet, mounted under /studio: built once, with their
// brotli and gzip copies made at that build, and sent by the request's Accept-Encoding.

let s: MountedStudio;
beforeAll(async () => {
  s = await mountStudio({});
});
afterAll(() => s.close());

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  s.t.app.inject({ method, url, headers });

describe('studio assets', () => {
  it('sends the entry script as br, gzip or itself by Accept-Encoding, with Vary and its length', async () => {
    const plain = await get('/studio/assets/play.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(Number(plain.headers['content-length'])).toBe(plain.rawPayload.length);

    const br = await get('/studio/assets/play.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);

    const gz = await get('/studio/assets/play.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(plain.rawPayload)).toBe(true);

    const none = await get('/studio/assets/play.js', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.rawPayload.equals(plain.rawPayload)).toBe(true);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const full = await get('/studio/assets/fair.js', { 'accept-encoding': accept });
      const head = await get('/studio/assets/fair.js', { 'accept-encoding': accept }, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary'])
        expect(head.headers[name], `${accept} ${name}`).toEqual(full.headers[name]);
    }
  });

  it('compresses the stylesheet the same way, and still refuses an unknown file', async () => {
    const plain = await get('/studio/assets/studio.css');
    const br = await get('/studio/assets/studio.css', { 'accept-encoding': 'br' });
    expect(br.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const missing = await get('/studio/assets/none.js', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
  });
});
