import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../test/challenge';
import { createTestApp, type TestApp } from '../test/harness';
import { injectEncrypted } from '../test/jwe';
import { createSessionMember } from '../test/programmes';
import { COMPRESS_MIN_BYTES, withVary } from './compression';
import { inlineScriptHashes } from './security-headers';

// Bytes on the wire: the builds' precompressed copies chosen by Accept-Encoding (web-static.ts),
// and JSON answers of at least COMPRESS_MIN_BYTES compressed on the fly (compression.ts), through
// HTTP on a real database. The builds here are the test's own, made like scripts/precompress.ts
// makes them, so every case runs whether or not apps/web/dist exists.

const root = mkdtempSync(path.join(tmpdir(), 'gamehall-bytes-'));
const web = path.join(root, 'web');
const consoleDir = path.join(root, 'console');

const INLINE = "document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'dark';";
const PAGE = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app-abc123.js"></script></head><body>${'<p>home</p>'.repeat(200)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word number ${i}`))};`;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4000, 7)]);

/** A built file with its .br and .gz copies, stamped like the build stamps them. */
function built(file: string, body: string | Buffer, copies = true) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
  if (!copies) return;
  writeFileSync(`${file}.br`, brotliCompressSync(body));
  writeFileSync(`${file}.gz`, gzipSync(body));
  const stamp = new Date('2026-01-01T00:00:00Z');
  for (const f of [file, `${file}.br`, `${file}.gz`]) utimesSync(f, stamp, stamp);
}

built(path.join(web, 'index.html'), PAGE);
built(path.join(web, 'assets', 'app-abc123.js'), SCRIPT);
built(path.join(web, 'licences.txt'), 'MIT licence of every bundled package\n'.repeat(100));
// A picture is compressed by its format: the server never looks for (or sends) a copy of one.
built(path.join(web, 'assets', 'logo-abc123.png'), PNG);
built(path.join(consoleDir, 'index.html'), PAGE.replace('/assets/', '/console/assets/'));
built(path.join(consoleDir, 'assets', 'console-abc123.js'), SCRIPT);

const BIG = { success: true, value: Array.from({ length: 60 }, (_, i) => ({ id: i, name: `entry ${i}` })) };

// About 200 KB: a large answer, compressed whole like a small one.
const HUGE = {
  success: true,
  value: Array.from({ length: 4000 }, (_, i) => ({ id: i, name: `entry ${i}`, note: 'n'.repeat(i % 40) })),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      builds: { web, console: consoleDir },
      // Routes of shapes no platform route has yet, to hold the rules for them.
      mount: (app) => {
        app.get('/vendor/wallet/test-large', { config: { auth: 'public' } }, async () => BIG);
        app.get('/test-bytes/picture', { config: { auth: 'public' } }, async (_request, reply) =>
          reply.header('content-type', 'image/png').send(PNG),
        );
        app.get('/test-bytes/stream', { config: { auth: 'public' } }, async (_request, reply) =>
          reply.header('content-type', 'application/json').send(Readable.from([JSON.stringify(BIG)])),
        );
        app.get('/test-bytes/encoded', { config: { auth: 'public' } }, async (_request, reply) =>
          reply
            .header('content-type', 'application/json')
            .header('content-encoding', 'gzip')
            .send(gzipSync(JSON.stringify(BIG))),
        );
        app.get('/test-bytes/big', { config: { auth: 'public' } }, async () => BIG);
        app.get('/test-bytes/huge', { config: { auth: 'public' } }, async () => HUGE);
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers });

describe('built files, precompressed', () => {
  const url = '/assets/app-abc123.js';

  it('sends the brotli copy to a client that accepts br, with its length and the same cache policy', async () => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when br is not accepted (absent or q=0)', async () => {
    for (const accept of ['gzip', 'br;q=0, gzip', 'gzip;q=0.5, br;q=0', 'x-gzip']) {
      const res = await get(url, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(res.headers.vary).toBe('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
    }
  });

  it('follows the q-values, br winning a tie', async () => {
    expect((await get(url, { 'accept-encoding': 'br;q=0.5, gzip;q=0.9' })).headers['content-encoding']).toBe('gzip');
    expect((await get(url, { 'accept-encoding': 'gzip;q=0.8, br;q=0.8' })).headers['content-encoding']).toBe('br');
    expect((await get(url, { 'accept-encoding': '*' })).headers['content-encoding']).toBe('br');
    expect((await get(url, { 'accept-encoding': '*, br;q=0' })).headers['content-encoding']).toBe('gzip');
  });

  it('sends the file itself without Accept-Encoding, for identity only, or when every coding has q=0', async () => {
    const cases: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
    ];
    for (const headers of cases) {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      // Still negotiated: a shared cache must not hand this answer to a br client or the reverse.
      expect(res.headers.vary).toBe('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(SCRIPT.length);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('answers HEAD with the headers a GET of the same encoding carries and no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const full = await get(url, { 'accept-encoding': accept });
      const head = await get(url, { 'accept-encoding': accept }, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.rawPayload.length).toBe(0);
      for (const name of ['content-encoding', 'content-length', 'content-type', 'vary', 'cache-control'])
        expect(head.headers[name], `${accept} ${name}`).toEqual(full.headers[name]);
    }
  });

  it('answers a range request from the file itself, whose offsets the client holds', async () => {
    const res = await get(url, { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(SCRIPT);
  });

  it('never sends a copy older than its file (a rebuild that left the copies behind)', async () => {
    const file = path.join(web, 'assets', 'stale-abc123.js');
    built(file, SCRIPT);
    writeFileSync(file, `${SCRIPT}// rebuilt`);
    const res = await get('/assets/stale-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(`${SCRIPT}// rebuilt`);
  });

  it('sends a picture as it is, whatever the client accepts, without Vary', async () => {
    writeFileSync(path.join(web, 'assets', 'logo-abc123.png.br'), brotliCompressSync(PNG));
    const res = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it("serves the home's page compressed with the CSP hash of the identity file's inline script", async () => {
    const hashes = inlineScriptHashes(PAGE);
    expect(hashes).toHaveLength(1);
    for (const [url, accept] of [
      ['/', 'br'],
      ['/', 'gzip'],
      ['/', 'identity'],
      ['/games/slots', 'br'],
    ] as const) {
      const res = await get(url, { accept: 'text/html', 'accept-encoding': accept });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('accept-encoding');
      const body =
        accept === 'br'
          ? brotliDecompressSync(res.rawPayload)
          : accept === 'gzip'
            ? gunzipSync(res.rawPayload)
            : res.rawPayload;
      expect(body.toString()).toBe(PAGE);
      expect(res.headers['content-encoding']).toBe(accept === 'identity' ? undefined : accept);
      const scriptSrc = /script-src ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1]?.split(' ');
      expect(scriptSrc).toEqual(["'self'", ...hashes]);
    }
  });

  it("serves the console's page and bundle the same way", async () => {
    const page = await get('/console/cashier', { accept: 'text/html', 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE.replace('/assets/', '/console/assets/'));
    expect(String(page.headers['content-security-policy'])).toContain(inlineScriptHashes(PAGE)[0]);
    const bundle = await get('/console/assets/console-abc123.js', { 'accept-encoding': 'gzip' });
    expect(bundle.headers['content-encoding']).toBe('gzip');
    expect(bundle.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(bundle.rawPayload).toString()).toBe(SCRIPT);
  });

  it('keeps the short cache policy of files outside /assets/', async () => {
    const res = await get('/licences.txt', { 'accept-encoding': 'br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('JSON compressed on the fly', () => {
  let token: string;
  const list = '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=30&pageNo=1&language=EN';
  beforeAll(async () => {
    token = (await createSessionMember(t)).token;
  });

  it('compresses a game list page over the threshold by Accept-Encoding: br, gzip, or none', async () => {
    const plain = await get(list, { authorization: token });
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await get(list, { authorization: token, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(list, { authorization: token, 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const none = await get(list, { authorization: token, 'accept-encoding': 'br;q=0, gzip;q=0, identity' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.json()).toEqual(plain.json());
  });

  it('compresses a large body whole, in both codings', async () => {
    const plain = await get('/test-bytes/huge');
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);
    const br = await get('/test-bytes/huge', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(HUGE);
    const gz = await get('/test-bytes/huge', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(Number(gz.headers['content-length'])).toBe(gz.rawPayload.length);
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(HUGE);
  });

  it('compresses the API document, which a plugin sends with reply.send and no return', async () => {
    const plain = await get('/docs/json');
    expect(plain.statusCode).toBe(200);
    const spec = plain.json() as { openapi: string; paths: Record<string, unknown> };
    expect(Object.keys(spec.paths).length).toBeGreaterThan(50);
    const br = await get('/docs/json', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(spec);
  });

  it('answers HEAD with the Content-Length of the compressed GET', async () => {
    const full = await get('/test-bytes/big', { 'accept-encoding': 'br' });
    const head = await get('/test-bytes/big', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
  });

  it('leaves an answer under the threshold as it is, without Vary', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('compresses an error answer over the threshold like any JSON', async () => {
    const res = await get(`/wps/relay/GCSGAME_gameList?gameName=${'x'.repeat(1500)}`, {
      authorization: token,
      'accept-encoding': 'gzip',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
    expect(JSON.parse(body.toString())).toMatchObject({ success: false });
  });

  it('leaves a picture, a stream and an already encoded body untouched', async () => {
    const picture = await get('/test-bytes/picture', { 'accept-encoding': 'br, gzip' });
    expect(picture.headers['content-encoding']).toBeUndefined();
    expect(picture.rawPayload.equals(PNG)).toBe(true);

    const stream = await get('/test-bytes/stream', { 'accept-encoding': 'br, gzip' });
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(BIG);

    const encoded = await get('/test-bytes/encoded', { 'accept-encoding': 'br, gzip' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(encoded.rawPayload).toString())).toEqual(BIG);
  });

  it('never compresses the vendor wallet API, whatever the size', async () => {
    const res = await get('/vendor/wallet/test-large', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toBeUndefined();
    expect(res.json()).toEqual(BIG);
  });

  it('takes an encrypted login and answers it compressed when large enough, readable either way', async () => {
    const m = await createSessionMember(t, { knownIps: ['10.31.0.1'] });
    const res = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      body: { username: m.username, password: m.password, type: 'username', challenge: await solveChallenge(t.app) },
      remoteAddress: '10.31.0.1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload) : res.rawPayload;
    expect(res.headers['content-encoding']).toBe(body.length >= COMPRESS_MIN_BYTES ? 'br' : undefined);
    expect(JSON.parse(body.toString())).toMatchObject({ success: true, value: { token: expect.any(String) } });
  });

  it('adds Accept-Encoding to a Vary header once', () => {
    expect(withVary(undefined, 'accept-encoding')).toBe('accept-encoding');
    expect(withVary('origin', 'accept-encoding')).toBe('origin, accept-encoding');
    expect(withVary('Accept-Encoding', 'accept-encoding')).toBe('Accept-Encoding');
    expect(withVary('*', 'accept-encoding')).toBe('*');
  });
});
