import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { inlineScriptHashes } from './security-headers';
import { consoleIndexFile } from './web-static';

// The back office console under /console/: its page for every client-side route, its hashed
// bundle, its own policy (no framing at all), and the API paths untouched.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('console pages', () => {
  it('/console goes to /console/', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/console/');
  });

  it('the admin API is not shadowed by the console', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/admin/no-such-thing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it.runIf(existsSync(consoleIndexFile))(
    "serves the console's page for its routes with the console policy, and its bundle",
    async () => {
      const page = readFileSync(consoleIndexFile, 'utf8');
      const hashes = inlineScriptHashes(page);
      expect(hashes.length).toBeGreaterThan(0);
      for (const url of ['/console/', '/console/sign-in', '/console/cashier/deposits?status=pending']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toBe(page);
        expect(res.headers['cache-control']).toBe('no-cache');
        const policy = directives(res.headers['content-security-policy'] as string);
        expect(policy.get('script-src')).toEqual(["'self'", ...hashes]);
        expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
        expect(policy.get('connect-src')).toEqual(["'self'"]);
        expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
      }
      const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page)?.[1];
      expect(script).toBeDefined();
      const asset = await t.app.inject({ method: 'GET', url: script as string });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
      expect(asset.headers['cache-control']).toContain('immutable');
      // A missing file of the console is a 404, not its page.
      const missing = await t.app.inject({ method: 'GET', url: '/console/assets/none.js' });
      expect(missing.statusCode).toBe(404);
    },
  );

  it.runIf(existsSync(consoleIndexFile))('a path that climbs out of the console is not served', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/console/..%2f..%2fpackage.json' });
    expect(res.body).not.toContain('"workspaces"');
  });
});
