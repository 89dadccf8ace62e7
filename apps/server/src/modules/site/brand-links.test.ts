import { isSafeLinkUrl } from '@gamehall/shared/api/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, expectFailure } from '../cashier/cashier.fixtures';

// Links an operator sets end up in the player site's href: only http(s) URLs and paths on the site.

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = (await actors(() => t, createMember).operator(['site.write'])).token;
});
afterAll(() => t.close());

const HOSTILE = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:x',
  'ftp://files.example',
  '//evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  'https://evil.example/\u0000',
  'https:evil.example',
  'help',
  '',
];

function put(key: string, value: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/admin/brand/settings/${key}`,
    payload: { value },
    headers: { authorization: operator },
  });
}

describe('operator links', () => {
  it('isSafeLinkUrl takes http(s) URLs and site paths only', () => {
    for (const ok of ['/help', '/', 'https://help.example/chat?x=1', 'http://t.me/gamehall', 'HTTPS://A.EXAMPLE'])
      expect(isSafeLinkUrl(ok), ok).toBe(true);
    for (const bad of HOSTILE) expect(isSafeLinkUrl(bad), JSON.stringify(bad)).toBe(false);
  });

  it('refuses any other scheme for the customer service URL, routes and hosts, changing nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/wps/system/config' })).json().value.customerServiceUrl;
    for (const bad of HOSTILE) {
      const res = await put('customerServiceUrl', bad);
      expectFailure(res, 400, 'VALIDATION_FAILED');
      expect(res.json().value).toEqual({ fields: { value: expect.any(String) } });
      expectFailure(await put('domainRoute', { agent: bad, member: '/' }), 400, 'VALIDATION_FAILED');
      if (bad !== '') {
        expectFailure(await put('launchGameCDNs', [bad]), 400, 'VALIDATION_FAILED');
        expectFailure(await put('imageCDNs', [bad]), 400, 'VALIDATION_FAILED');
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/wps/system/config' })).json().value.customerServiceUrl).toBe(
      before,
    );
    // A path is not a host.
    expectFailure(await put('launchGameCDNs', ['/games']), 400, 'VALIDATION_FAILED');
    for (const [key, value] of [
      ['customerServiceUrl', 'https://help.example/chat'],
      ['customerServiceUrl', '/help'],
      ['domainRoute', { agent: '/agentHome', member: '/' }],
      ['launchGameCDNs', ['https://play.example', '']],
      ['imageCDNs', ['']],
    ] as const) {
      const res = await put(key, value);
      expect(res.statusCode, `${key} ${JSON.stringify(value)}`).toBe(200);
    }
    await put('launchGameCDNs', ['']);
  });

  it('leaves out banner links and resources stored with another scheme', async () => {
    await t.ctx.db
      .insertInto('banners')
      .values([
        {
          group_name: 'w_home',
          title: 'zlink bad',
          image_url: '/art/banners/one.svg',
          linkage_type: 'URL',
          link_url: 'javascript:alert(1)',
          sort: 990,
        },
        {
          group_name: 'w_home',
          title: 'zlink good',
          image_url: '/art/banners/one.svg',
          linkage_type: 'URL',
          link_url: 'https://promo.example',
          sort: 991,
        },
      ])
      .execute();
    await t.ctx.db
      .insertInto('resources')
      .values([
        { resource_type: 'TELEGRAM', name: 'zlink-bad', label_name_en: 'Bad', url: 'javascript:alert(1)', sort: 990 },
        { resource_type: 'TELEGRAM', name: 'zlink-good', label_name_en: 'Good', url: 'https://t.me/x', sort: 991 },
      ])
      .execute();
    const banners = (await t.app.inject({ method: 'GET', url: '/wps/system/banners?groupName=w_home' })).json().value;
    const list = (Array.isArray(banners) ? banners : banners.list) as { title: string; linkUrl: string | null }[];
    expect(list.find((b) => b.title === 'zlink bad')).toMatchObject({ linkUrl: null, linkageType: null });
    expect(list.find((b) => b.title === 'zlink good')).toMatchObject({ linkUrl: 'https://promo.example' });
    const resources = JSON.stringify((await t.app.inject({ method: 'GET', url: '/wps/system/resources' })).json());
    expect(resources).toContain('zlink-good');
    expect(resources).not.toContain('zlink-bad');
    expect(resources).not.toContain('javascript:');
  });
});
