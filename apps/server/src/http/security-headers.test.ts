import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setBrandSetting } from '../modules/brand/brand.service';
import type { TestApp } from '../test/harness';
import { type MountedStudio, mountStudio } from '../test/studio-fixture';
import { inlineScriptHashes, sitePolicy } from './security-headers';
import { webIndexFile } from './web-static';

// Security headers on the player site, the API reference, the mounted studio and the API.

let mounted: MountedStudio;
let t: TestApp;

beforeAll(async () => {
  mounted = await mountStudio({});
  t = mounted.t;
});
afterAll(() => mounted.close());

function directives(policy: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

function expectBaseHeaders(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('hash exactly the inline scripts of a page', () => {
    const html =
      '<script>a()</script><script type="module" src="/x.js"></script><script type="application/json">{}</script><script type="module">b()</script>';
    const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`;
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
    const policy = directives(
      sitePolicy({ scriptHashes: [sha('a()')], imageHosts: ['https://img.example'], launchHosts: [] }),
    );
    expect(policy.get('script-src')).toEqual(["'self'", sha('a()')]);
    expect(policy.get('img-src')).toContain('https://img.example');
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('the API answers carry nosniff and the referrer policy, and no page policy', async () => {
    for (const url of ['/healthz', '/wps/system/config', '/wps/nothing']) {
      const res = await t.app.inject({ method: 'GET', url });
      expectBaseHeaders(res.headers);
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
  });

  it('the API reference has a policy that lets only this site frame it', async () => {
    let res = await t.app.inject({ method: 'GET', url: '/docs' });
    for (let hops = 0; res.statusCode === 302 && hops < 3; hops++) {
      const next = new URL(String(res.headers.location), 'http://localhost/docs/');
      res = await t.app.inject({ method: 'GET', url: next.pathname });
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectBaseHeaders(res.headers);
    const policy = directives(res.headers['content-security-policy'] as string);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it("the studio's pages keep their own policy and may be framed by this site only", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/studio/play?token=bad' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expectBaseHeaders(res.headers);
    const policy = directives(res.headers['content-security-policy'] as string);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
  });

  it.runIf(existsSync(webIndexFile))(
    "the player site's page allows its inline script by hash and the brand's hosts",
    async () => {
      await setBrandSetting(t.ctx.db, 'imageCDNs', ['', 'https://img.example/cdn']);
      await setBrandSetting(t.ctx.db, 'launchGameCDNs', ['https://play.example']);
      try {
        for (const url of ['/', '/rng', '/member/info']) {
          const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          expect(res.statusCode, url).toBe(200);
          expectBaseHeaders(res.headers);
          const policy = directives(res.headers['content-security-policy'] as string);
          const hashes = inlineScriptHashes(readFileSync(webIndexFile, 'utf8'));
          expect(hashes.length).toBeGreaterThan(0);
          expect(policy.get('script-src')).toEqual(["'self'", ...hashes]);
          expect(policy.get('img-src')).toContain('https://img.example');
          expect(policy.get('frame-src')).toContain('https://play.example');
          expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
        }
      } finally {
        await setBrandSetting(t.ctx.db, 'imageCDNs', ['']);
        await setBrandSetting(t.ctx.db, 'launchGameCDNs', ['']);
      }
    },
  );
});
