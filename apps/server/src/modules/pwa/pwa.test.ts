import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AppDownloads, WebAppManifest } from '@gamehall/shared/api/pwa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { stableUuid } from './mobileconfig';
import { isServed, shortName } from './pwa.service';
import { brandInitials, iconSvg } from './pwa-icons';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(body: Buffer): { width: number; height: number } {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: body.readUInt32BE(16), height: body.readUInt32BE(20) };
}

async function manifest() {
  const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  return WebAppManifest.parse(res.json());
}

describe('web app manifest (docs/pwa.md)', () => {
  it("carries the brand's name and colours, and every icon it lists answers in its declared size", async () => {
    const brand = await getBrand(t.ctx.db);
    const m = await manifest();
    expect(m).toMatchObject({
      name: brand.siteName,
      short_name: shortName(brand.siteName),
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: brand.themeColor,
      background_color: brand.backgroundColor,
    });
    // Chromium's installability needs a PNG or SVG of at least 144 px for "any"; maskable ones too.
    expect(m.icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
    const bodies = new Map<string, Buffer>();
    for (const icon of m.icons) {
      const res = await t.app.inject({ method: 'GET', url: icon.src });
      expect(res.statusCode, icon.src).toBe(200);
      expect(res.headers['content-type']).toBe(icon.type);
      if (icon.type === 'image/png') {
        const n = Number(icon.sizes.split('x')[0]);
        expect(pngSize(res.rawPayload)).toEqual({ width: n, height: n });
      } else {
        expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        expect(res.body).toContain(`fill="${brand.themeColor}"`);
        expect(res.body).toContain(`stroke="${brand.accentColor}"`);
      }
      bodies.set(`${icon.sizes} ${icon.purpose}`, res.rawPayload);
    }
    expect(bodies.get('512x512 maskable')?.equals(bodies.get('512x512 any') ?? Buffer.alloc(0))).toBe(false);
  });

  it('follows a change of the brand: new colours, new name and new icon addresses', async () => {
    const before = await manifest();
    await setBrandSetting(t.ctx.db, 'themeColor', '#123456');
    await setBrandSetting(t.ctx.db, 'siteName', 'Lucky Star Casino');
    const after = await manifest();
    expect(after.theme_color).toBe('#123456');
    expect(after.name).toBe('Lucky Star Casino');
    expect(after.short_name).toBe('Lucky');
    expect(after.icons[0]?.src).not.toBe(before.icons[0]?.src);
    const svg = await t.app.inject({ method: 'GET', url: '/pwa/icon.svg' });
    expect(svg.body).toContain('fill="#123456"');
  });

  it('refuses an icon size it does not draw', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pwa/icon-100.png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('takes up to two initials from the name, and a diamond for a name with no Latin letter', () => {
    expect(brandInitials('Gamehall')).toBe('G');
    expect(brandInitials('lucky star casino')).toBe('LS');
    expect(brandInitials('888 Club')).toBe('8C');
    expect(brandInitials('金沙')).toBe('*');
    const one = iconSvg({ initials: 'G', background: '#000000', foreground: '#ffffff', maskable: false });
    const two = iconSvg({ initials: 'LS', background: '#000000', foreground: '#ffffff', maskable: false });
    expect(one).not.toBe(two);
    expect(one).toContain('rx="96"');
    expect(iconSvg({ initials: 'G', background: '#000000', foreground: '#ffffff', maskable: true })).not.toContain(
      'rx=',
    );
  });
});

describe('iOS profile /download/mobileconfig', () => {
  it('is a web clip profile for the address the visitor used, with stable ids and a 180 px icon', async () => {
    const get = () =>
      t.app.inject({ method: 'GET', url: '/download/mobileconfig', headers: { host: 'play.example.com' } });
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-apple-aspen-config');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9_-]+\.mobileconfig"$/);
    const body = res.body;
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE plist/);
    expect(body).toContain('<string>com.apple.webClip.managed</string>');
    expect(body).toContain('<string>Configuration</string>');
    expect(body).toContain('<key>URL</key>\n\t\t\t<string>http://play.example.com/</string>');
    const brand = await getBrand(t.ctx.db);
    expect(body).toContain(`<key>Label</key>\n\t\t\t<string>${brand.siteName}</string>`);
    const data = /<data>([\s\S]*?)<\/data>/.exec(body)?.[1]?.replace(/\s+/g, '') ?? '';
    expect(pngSize(Buffer.from(data, 'base64'))).toEqual({ width: 180, height: 180 });
    const uuids = [...body.matchAll(/<key>PayloadUUID<\/key>\s*<string>([0-9A-F-]{36})<\/string>/g)].map((m) => m[1]);
    expect(uuids).toHaveLength(2);
    expect(new Set(uuids).size).toBe(2);
    expect((await get()).body).toBe(body);
  });

  it('escapes the brand name and refuses a Host that is not a host name', async () => {
    await setBrandSetting(t.ctx.db, 'siteName', 'A&B <Club>');
    const res = await t.app.inject({ method: 'GET', url: '/download/mobileconfig', headers: { host: 'x.test' } });
    expect(res.body).toContain('<string>A&amp;B &lt;Club&gt;</string>');
    expect(res.body).not.toContain('A&B');
    const bad = await t.app.inject({ method: 'GET', url: '/download/mobileconfig', headers: { host: 'x"y' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('BAD_REQUEST');
  });

  it('derives version 5 UUIDs from the name', () => {
    expect(stableUuid('a')).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-5[0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}$/);
    expect(stableUuid('a')).toBe(stableUuid('a'));
    expect(stableUuid('a')).not.toBe(stableUuid('b'));
  });
});

describe('app download links (/wps/system/appDownloads)', () => {
  it('lists only the resources whose address answers', async () => {
    await t.ctx.db.deleteFrom('resources').where('resource_type', 'in', ['MOBILECONFIG', 'IOS', 'ANDROID']).execute();
    await t.ctx.db
      .insertInto('resources')
      .values([
        {
          resource_type: 'MOBILECONFIG',
          name: 'p',
          label_name_en: 'iOS profile',
          url: '/download/mobileconfig',
          sort: 1,
        },
        { resource_type: 'IOS', name: 'i', label_name_en: 'iOS app', url: '/download/ios', sort: 2 },
        {
          resource_type: 'ANDROID',
          name: 'a',
          label_name_en: 'Android app',
          url: 'https://cdn.example.com/app.apk',
          sort: 3,
        },
      ])
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/appDownloads' });
    expect(res.statusCode).toBe(200);
    expect(AppDownloads.parse(res.json().value)).toEqual({
      mobileconfig: '/download/mobileconfig',
      ios: null,
      android: 'https://cdn.example.com/app.apk',
    });
    await t.ctx.db.deleteFrom('resources').where('resource_type', 'in', ['MOBILECONFIG', 'ANDROID']).execute();
    const none = await t.app.inject({ method: 'GET', url: '/wps/system/appDownloads' });
    expect(none.json().value).toEqual({ mobileconfig: null, ios: null, android: null });
  });

  it('counts a site path as served only for this module or a file of the web build', () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'pwa-dist-'));
    mkdirSync(path.join(dist, 'download'));
    writeFileSync(path.join(dist, 'download', 'app.apk'), 'apk');
    writeFileSync(path.join(dist, 'secret.txt'), 'x');
    expect(isServed('/download/app.apk', dist)).toBe(true);
    expect(isServed('/download/mobileconfig?x=1', dist)).toBe(true);
    expect(isServed('https://apps.apple.com/app/id1', dist)).toBe(true);
    expect(isServed('/download/ios', dist)).toBe(false);
    expect(isServed('/download/', dist)).toBe(false);
    expect(isServed('/download/../../etc/passwd', dist)).toBe(false);
    expect(isServed('//evil.example.com/app.apk', dist)).toBe(false);
    expect(isServed('javascript:alert(1)', dist)).toBe(false);
  });
});
