import { WHITELABEL_SWITCHES } from '@gamehall/shared/constants';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { encryptedRequest } from '../../test/jwe';
import { issueSession } from '../accounts/sessions.service';
import { type Brand, getBrand, setBrandSetting, setSwitch } from '../brand/brand.service';

let t: TestApp;
/** The brand as seeded, before any test changes it. */
let seeded: Brand;

// The seed engineer seeds the real content; these rows are what the assertions below rely on, with
// titles no seed uses.
async function insertSiteRows(ctx: AppContext) {
  const db = ctx.db;
  await db
    .insertInto('whitelabel_switches')
    .values(WHITELABEL_SWITCHES.map((modId, i) => ({ mod_id: modId, name: modId, enabled: false, sort: i })))
    .onConflict((oc) => oc.column('mod_id').doNothing())
    .execute();
  await db
    .insertInto('whitelabel_switches')
    .values([
      { mod_id: 'ZTEST_PARENT', parent_mod_id: null, name: 'Test parent', enabled: true, sort: 900 },
      { mod_id: 'ZTEST_CHILD_B', parent_mod_id: 'ZTEST_PARENT', name: 'Child B', enabled: false, sort: 902 },
      { mod_id: 'ZTEST_CHILD_A', parent_mod_id: 'ZTEST_PARENT', name: 'Child A', enabled: true, sort: 901 },
    ])
    .onConflict((oc) => oc.column('mod_id').doNothing())
    .execute();
  await db
    .insertInto('resources')
    .values([
      {
        resource_type: 'TELEGRAM',
        name: 'ztest-telegram',
        label_name_en: 'Telegram',
        url: 'https://t.me/x',
        sort: 901,
      },
      { resource_type: 'FACEBOOK', name: 'ztest-facebook', label_name_en: 'Facebook', url: 'https://fb/x', sort: 900 },
    ])
    .onConflict((oc) => oc.columns(['resource_type', 'name']).doNothing())
    .execute();
  await db
    .insertInto('help_categories')
    .values([
      { name: 'ZTest Accounts', sort: 9000 },
      { name: 'ZTest Deposits', sort: 9001 },
    ])
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db
    .insertInto('help_articles')
    .values([
      { category: 'ZTest Deposits', title: 'How to deposit', content: 'Open the wallet', sort: 9001 },
      { category: 'ZTest Accounts', title: 'How to register', content: 'Click register', sort: 9000 },
      { category: 'ZTest Deposits', title: 'Deposit limits', content: 'Between 100 and 50,000', sort: 9002 },
      { category: 'ZTest Accounts', title: 'Forgot password', content: 'Use the phone', sort: 9003 },
    ])
    .onConflict((oc) => oc.columns(['category', 'title']).doNothing())
    .execute();
  await db
    .insertInto('countries')
    .values([
      { country_code: 'XA', country_dialing_code: '991', name: 'Test A', mobile_digits: 9, sort: 9999 },
      { country_code: 'XB', country_dialing_code: '992', name: 'Test B', mobile_digits: 11, sort: 9998 },
    ])
    .onConflict((oc) => oc.column('country_code').doNothing())
    .execute();
  await db
    .insertInto('banners')
    .values([
      { group_name: 'w_home', title: 'ztest home 2', image_url: '/art/banners/two.svg', sort: 902 },
      {
        group_name: 'w_home',
        title: 'ztest home 1',
        image_url: '/art/banners/one.svg',
        linkage_type: 'URL',
        link_url: '/promotions',
        sort: 901,
      },
      { group_name: 'w_home', title: 'ztest hidden', image_url: '/art/banners/x.svg', active: false },
      { group_name: 'w_home', title: 'ztest filipino', image_url: '/art/banners/ty.svg', language: 'TY', sort: 903 },
      { group_name: 'w_login', title: 'ztest login', image_url: '/art/banners/login.svg' },
    ])
    .onConflict((oc) => oc.columns(['group_name', 'title']).doNothing())
    .execute();
  const now = Date.now();
  await db
    .insertInto('notices')
    .values(
      Array.from({ length: 8 }, (_, i) => ({
        title: `ztest notice ${i}`,
        content: `notice body ${i}`,
        sort: 9000 + i,
      })),
    )
    .onConflict((oc) => oc.column('title').doNothing())
    .execute();
  const ann = (type: string, audience: string, title: string, extra: Record<string, unknown> = {}) => ({
    type,
    audience,
    title,
    content: `${title} body`,
    starts_at: new Date(now - 3600_000),
    ...extra,
  });
  await db
    .insertInto('announcements')
    .values([
      ann('PL', 'B', 'ztest visitor player'),
      ann('PL', 'A', 'ztest member player'),
      ann('PU', 'B', 'ztest visitor popup'),
      ann('PU', 'A', 'ztest member popup'),
      ann('PU', 'F', 'ztest first popup', { promotion_type: 'NEWBIE' }),
      ann('PR', 'B', 'ztest visitor promo', { promotion_type: 'DEPOSIT', execution: 'P' }),
      ann('PR', 'A', 'ztest member promo', { promotion_type: 'RNG' }),
      ann('H', 'B', 'ztest visitor headline'),
      ann('PL', 'B', 'ztest expired', { ends_at: new Date(now - 60_000) }),
      ann('PL', 'B', 'ztest future', { starts_at: new Date(now + 3600_000) }),
      ann('PL', 'B', 'ztest filipino', { language: 'TY' }),
    ])
    .onConflict((oc) => oc.columns(['type', 'audience', 'title']).doNothing())
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  await insertSiteRows(t.ctx);
  seeded = await getBrand(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await setBrandSetting(t.ctx.db, 'maintenance', { ...seeded.maintenance, enabled: false });
  await setBrandSetting(t.ctx.db, 'regionRestriction', seeded.regionRestriction);
});

async function get(url: string, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({ method: 'GET', url, ...options });
  // biome-ignore lint/suspicious/noExplicitAny: the tests read a dozen response shapes field by field
  return { status: res.statusCode, body: res.json() as { success: boolean; code?: string; value: any } };
}

async function sessionFor(memberId: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId, area: 'member', ip: '127.0.0.1', userAgent: null });
}

const maintenanceOn = { enabled: true, title: 'Back soon', info: 'Upgrading <b>servers</b>' };
const restrictUs = { enabled: true, blockedCountries: ['US'], allowedCidrs: [], blockedCidrs: [] };

describe('GET /wps/system/status', () => {
  it('answers 0 for a normal visit, with the IP and no country for loopback', async () => {
    const { status, body } = await get('/wps/system/status');
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      value: {
        systemStatus: 0,
        title: '',
        info: '',
        ip: '127.0.0.1',
        country: null,
        customerServiceUrl: seeded.customerServiceUrl,
      },
    });
  });

  it('answers 1 with title and info during maintenance, at once after the setting changes', async () => {
    await setBrandSetting(t.ctx.db, 'maintenance', maintenanceOn);
    const { body } = await get('/wps/system/status');
    expect(body.value).toMatchObject({ systemStatus: 1, title: 'Back soon', info: 'Upgrading <b>servers</b>' });
    await setBrandSetting(t.ctx.db, 'maintenance', { ...maintenanceOn, enabled: false });
    expect((await get('/wps/system/status')).body.value.systemStatus).toBe(0);
  });

  it('answers 2 for a visitor from a blocked country, with IP and country', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', restrictUs);
    const { body } = await get('/wps/system/status', { remoteAddress: '8.8.8.8' });
    expect(body.value).toMatchObject({ systemStatus: 2, ip: '8.8.8.8', country: 'US', title: '', info: '' });
    const ph = await get('/wps/system/status', { remoteAddress: '175.176.0.1' });
    expect(ph.body.value).toMatchObject({ systemStatus: 0, country: 'PH' });
  });

  it('lets maintenance win over region restriction', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', restrictUs);
    await setBrandSetting(t.ctx.db, 'maintenance', maintenanceOn);
    const { body } = await get('/wps/system/status', { remoteAddress: '8.8.8.8' });
    expect(body.value).toMatchObject({ systemStatus: 1, ip: '8.8.8.8', title: 'Back soon' });
  });

  it('treats an IPv4-mapped IPv6 client as its IPv4 address', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', restrictUs);
    const { body } = await get('/wps/system/status', { remoteAddress: '::ffff:8.8.8.8' });
    expect(body.value).toMatchObject({ systemStatus: 2, ip: '8.8.8.8', country: 'US' });
  });

  it('restricts by blocked range, and an allowed range overrides a blocked country', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', {
      enabled: true,
      blockedCountries: ['US'],
      allowedCidrs: ['8.8.8.0/24'],
      blockedCidrs: ['81.2.69.0/24'],
    });
    expect((await get('/wps/system/status', { remoteAddress: '8.8.8.8' })).body.value.systemStatus).toBe(0);
    expect((await get('/wps/system/status', { remoteAddress: '8.8.4.4' })).body.value.systemStatus).toBe(2);
    const gb = await get('/wps/system/status', { remoteAddress: '81.2.69.142' });
    expect(gb.body.value).toMatchObject({ systemStatus: 2, country: 'GB' });
  });

  it('never restricts loopback or private addresses by country', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', {
      enabled: true,
      blockedCountries: ['US', 'PH', 'SG', 'GB', 'CN', 'JP'],
      allowedCidrs: [],
      blockedCidrs: [],
    });
    for (const ip of ['127.0.0.1', '::1', '10.1.2.3', '192.168.0.7', '::ffff:127.0.0.1']) {
      expect((await get('/wps/system/status', { remoteAddress: ip })).body.value.systemStatus, ip).toBe(0);
    }
  });

  it('restricts nobody when the restriction is switched off', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', { ...restrictUs, enabled: false });
    expect((await get('/wps/system/status', { remoteAddress: '8.8.8.8' })).body.value.systemStatus).toBe(0);
  });
});

describe('whole-site states on the API', () => {
  it('refuses member calls with 503 during maintenance while the system calls still answer', async () => {
    const m = await createMember(t.ctx);
    const token = await sessionFor(m.id);
    await setBrandSetting(t.ctx.db, 'maintenance', maintenanceOn);
    const info = await get('/wps/member/info', { headers: { authorization: token } });
    expect(info.status).toBe(503);
    expect(info.body).toMatchObject({
      success: false,
      code: 'SYSTEM_MAINTENANCE',
      value: { title: 'Back soon', info: 'Upgrading <b>servers</b>' },
    });
    for (const url of [
      '/lgw/games/game_menus',
      '/lotto/lgw/games/opened/numero',
      '/wps/relay/MCSFE_getListAnnouncements',
    ]) {
      expect((await get(url)).status, url).toBe(503);
    }
    const open = [
      '/wps/system/status',
      '/wps/system/config',
      '/wps/system/permission',
      '/wps/system/publicKey',
      '/healthz',
    ];
    for (const url of open) expect((await get(url)).status, url).toBe(200);
    // Exempt but not built here: the hook lets them through to their own answer.
    for (const url of ['/wps/captcha', '/wps/verification/challenge', '/wps/member/language', '/admin/anything']) {
      expect((await get(url)).status, url).not.toBe(503);
    }
  });

  it('cannot be dodged with an encoded or oddly written path', async () => {
    const token = await sessionFor((await createMember(t.ctx)).id);
    await setBrandSetting(t.ctx.db, 'maintenance', maintenanceOn);
    const dodges = [
      '/wps/system/../member/info',
      '/wps/system/%2e%2e/member/info',
      '/wps/%6dember/info',
      '/wps/member/info/',
      '/wps/member/info?x=/wps/system/',
      '/wps/system%2fstatus',
      '/wps',
    ];
    for (const url of dodges) {
      expect((await get(url, { headers: { authorization: token } })).status, url).toBe(503);
    }
  });

  it('refuses a restricted visitor with 403 and the IP, maintenance taking precedence', async () => {
    await setBrandSetting(t.ctx.db, 'regionRestriction', restrictUs);
    const res = await get('/wps/relay/MCSFE_getListAnnouncements', { remoteAddress: '8.8.8.8' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'REGION_RESTRICTED', value: { ip: '8.8.8.8' } });
    expect((await get('/wps/system/status', { remoteAddress: '8.8.8.8' })).status).toBe(200);
    expect((await get('/wps/relay/MCSFE_getListAnnouncements', { remoteAddress: '175.176.0.1' })).status).toBe(200);
    await setBrandSetting(t.ctx.db, 'maintenance', maintenanceOn);
    const both = await get('/wps/relay/MCSFE_getListAnnouncements', { remoteAddress: '8.8.8.8' });
    expect(both.status).toBe(503);
    expect(both.body.code).toBe('SYSTEM_MAINTENANCE');
  });

  it('checks the Merchant header when present on /wps, /lgw and /lotto calls', async () => {
    const wrong = await get('/wps/system/config', { headers: { merchant: 'other' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, code: 'MERCHANT_MISMATCH' });
    expect((await get('/lgw/games/game_menus', { headers: { merchant: 'other' } })).body.code).toBe(
      'MERCHANT_MISMATCH',
    );
    expect((await get('/lotto/x', { headers: { merchant: 'DEMO' } })).body.code).toBe('MERCHANT_MISMATCH');
    const right = await get('/wps/system/config', { headers: { merchant: seeded.merchantCode } });
    expect(right.status).toBe(200);
    expect((await get('/wps/system/config')).status).toBe(200);
    expect((await get('/healthz', { headers: { merchant: 'other' } })).status).toBe(200);
  });
});

describe('brand configuration', () => {
  it('serves the whitelabel switches as a tree and flattened', async () => {
    await setSwitch(t.ctx.db, 'DIRECTREG3', true);
    const { status, body } = await get('/wps/system/whitelabel');
    expect(status).toBe(200);
    const parent = body.value.whitelabelVal.find((n: { modId: string }) => n.modId === 'ZTEST_PARENT');
    expect(parent).toEqual({
      modId: 'ZTEST_PARENT',
      name: 'Test parent',
      enabled: '1',
      childrenNodes: [
        { modId: 'ZTEST_CHILD_A', name: 'Child A', enabled: '1', childrenNodes: [] },
        { modId: 'ZTEST_CHILD_B', name: 'Child B', enabled: '0', childrenNodes: [] },
      ],
    });
    // Children sit under their parent only.
    expect(body.value.whitelabelVal.some((n: { modId: string }) => n.modId === 'ZTEST_CHILD_A')).toBe(false);
    expect(body.value.switches).toMatchObject({ DIRECTREG3: true, ZTEST_CHILD_A: true, ZTEST_CHILD_B: false });
    for (const name of WHITELABEL_SWITCHES) expect(typeof body.value.switches[name]).toBe('boolean');
    await setSwitch(t.ctx.db, 'DIRECTREG3', false);
    expect((await get('/wps/system/whitelabel')).body.value.switches.DIRECTREG3).toBe(false);
  });

  it('serves the domain routes and site config from brand settings', async () => {
    expect((await get('/wps/system/domainRoute')).body).toEqual({ success: true, value: seeded.domainRoute });
    const { body } = await get('/wps/system/config');
    expect(body.value).toEqual({
      platform: 'WEB',
      merchantCode: seeded.merchantCode,
      lotteryType: 'SEA',
      defaultLanguage: 'EN',
      supportedLanguages: ['EN', 'TY'],
      currency: seeded.currency,
      currencySymbol: seeded.currencySymbol,
      siteName: seeded.siteName,
      minAge: 18,
      birthdayCheckAge: 21,
      mobileDigits: seeded.mobileDigits,
      customerServiceUrl: seeded.customerServiceUrl,
      smsExpiredMinutes: seeded.smsExpiredMinutes,
      challengeEnabled: seeded.challengeEnabled,
      // On in the demo seed (off by default outside demo mode).
      cookieConsentBanner: true,
    });
    await setBrandSetting(t.ctx.db, 'siteName', 'Renamed Hall');
    await setBrandSetting(t.ctx.db, 'domainRoute', { agent: '/agents', member: '/' });
    try {
      expect((await get('/wps/system/config')).body.value.siteName).toBe('Renamed Hall');
      expect((await get('/wps/system/domainRoute')).body.value).toEqual({ agent: '/agents', member: '/' });
    } finally {
      await setBrandSetting(t.ctx.db, 'siteName', seeded.siteName);
      await setBrandSetting(t.ctx.db, 'domainRoute', seeded.domainRoute);
    }
  });

  it('serves permission info with register switches, state and location', async () => {
    await setSwitch(t.ctx.db, 'USERNAMEREG3', true);
    await setSwitch(t.ctx.db, 'MOBILEVERCODELOGIN3', true);
    await setSwitch(t.ctx.db, 'FREEPLAY3', false);
    await setBrandSetting(t.ctx.db, 'gtagId', 'G-TEST');
    await setBrandSetting(t.ctx.db, 'regionRestriction', restrictUs);
    try {
      const { status, body } = await get('/wps/system/permission', { remoteAddress: '8.8.8.8' });
      expect(status).toBe(200);
      const v = body.value;
      expect(v.register).toMatchObject({ usernameReg: true, smsLogin: true, freePlay: false });
      expect(Object.keys(v.register).sort()).toEqual([
        'changePassVerify',
        'directReg',
        'freePlay',
        'mobilePasswordReg',
        'mobileReg',
        'mobileVerify',
        'smsLogin',
        'usernameReg',
      ]);
      expect(v).toMatchObject({
        domainRoute: seeded.domainRoute,
        mainDomain: seeded.mainDomain,
        analytics: { gtagId: 'G-TEST' },
        imageCDNs: seeded.imageCDNs,
        launchGameCDNs: seeded.launchGameCDNs,
        maintenance: false,
        regionRestriction: true,
        location: { ip: '8.8.8.8', country: 'US' },
      });
      expect(v.resources).toEqual(
        expect.arrayContaining([
          { resourceType: 'TELEGRAM', name: 'ztest-telegram', labelNameEn: 'Telegram', url: 'https://t.me/x' },
        ]),
      );
      expect(v.whitelabelVal.find((n: { modId: string }) => n.modId === 'ZTEST_PARENT').childrenNodes).toHaveLength(2);
      const local = await get('/wps/system/permission');
      expect(local.body.value).toMatchObject({
        regionRestriction: false,
        location: { ip: '127.0.0.1', country: null },
      });
      await setBrandSetting(t.ctx.db, 'maintenance', maintenanceOn);
      expect((await get('/wps/system/permission')).body.value.maintenance).toBe(true);
    } finally {
      await setBrandSetting(t.ctx.db, 'gtagId', seeded.gtagId);
    }
  });

  it('serves the public encryption keys without private parts', async () => {
    const { body } = await get('/wps/system/publicKey');
    expect(body.value.keys.length).toBeGreaterThan(0);
    for (const key of body.value.keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc' });
      expect(typeof key.kid).toBe('string');
      expect(typeof key.n).toBe('string');
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    }
    // What a client encrypts with the served key, the server reads.
    const { payload } = await encryptedRequest(t.app, { hello: 'world' });
    expect(await t.ctx.keys.decrypt(payload.value)).toEqual({ hello: 'world' });
  });

  it('lists the OpenAPI document for every site path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/wps/system/status',
      '/wps/system/whitelabel',
      '/wps/system/permission',
      '/wps/relay/MCSFE_getListAnnouncements',
    ])
      expect(paths).toContain(p);
  });
});

describe('site content', () => {
  it("groups help articles by category in the categories' order, each category's articles in theirs", async () => {
    const { body } = await get('/wps/system/helpCenter');
    const mine = body.value.filter((c: { category: string }) => c.category.startsWith('ZTest'));
    expect(mine).toEqual([
      {
        category: 'ZTest Accounts',
        items: [
          { id: expect.any(Number), title: 'How to register', content: 'Click register' },
          { id: expect.any(Number), title: 'Forgot password', content: 'Use the phone' },
        ],
      },
      {
        category: 'ZTest Deposits',
        items: [
          { id: expect.any(Number), title: 'How to deposit', content: 'Open the wallet' },
          { id: expect.any(Number), title: 'Deposit limits', content: 'Between 100 and 50,000' },
        ],
      },
    ]);
  });

  it('lists country codes ordered by sort', async () => {
    const { body } = await get('/wps/system/countryCode');
    const codes = body.value.map((c: { countryCode: string }) => c.countryCode);
    expect(codes.indexOf('XB')).toBeLessThan(codes.indexOf('XA'));
    expect(body.value.find((c: { countryCode: string }) => c.countryCode === 'XB')).toEqual({
      countryCode: 'XB',
      countryDialingCode: '992',
      name: 'Test B',
      mobileDigits: 11,
    });
  });

  it('lists resources', async () => {
    const { body } = await get('/wps/system/resources');
    const mine = body.value.filter((r: { name: string }) => r.name.startsWith('ztest-'));
    expect(mine.map((r: { name: string }) => r.name)).toEqual(['ztest-facebook', 'ztest-telegram']);
    expect(mine[0]).toEqual({
      resourceType: 'FACEBOOK',
      name: 'ztest-facebook',
      labelNameEn: 'Facebook',
      url: 'https://fb/x',
    });
  });

  it('lists the active banners of a group in the visitor language', async () => {
    const { status, body } = await get('/wps/system/banners?groupName=w_home');
    expect(status).toBe(200);
    const mine = body.value.filter((b: { title: string }) => b.title.startsWith('ztest'));
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        url: '/art/banners/one.svg',
        linkageType: 'URL',
        linkUrl: '/promotions',
        groupName: 'w_home',
        title: 'ztest home 1',
      },
      {
        id: expect.any(Number),
        url: '/art/banners/two.svg',
        linkageType: null,
        linkUrl: null,
        groupName: 'w_home',
        title: 'ztest home 2',
      },
    ]);
    const ty = await get('/wps/system/banners?groupName=w_home', { headers: { language: 'ty' } });
    expect(ty.body.value.map((b: { title: string }) => b.title)).toContain('ztest filipino');
    const login = await get('/wps/system/banners?groupName=w_login');
    expect(login.body.value.map((b: { title: string }) => b.title)).toContain('ztest login');
    expect(login.body.value.every((b: { groupName: string }) => b.groupName === 'w_login')).toBe(true);
    const bad = await get('/wps/system/banners?groupName=nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', value: { fields: { groupName: expect.any(String) } } });
  });

  it('pages notices six at a time by default', async () => {
    const total = Number(
      (
        await t.ctx.db
          .selectFrom('notices')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          // The English site's notices: the demo's Filipino copies are TY's.
          .where((eb) => eb.or([eb('language', 'is', null), eb('language', '!=', 'TY')]))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const first = await get('/wps/system/notices');
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({
      pageNum: 1,
      pageSize: 6,
      totalElements: total,
      totalPages: Math.ceil(total / 6),
    });
    expect(first.body.value.content).toHaveLength(Math.min(6, total));
    expect(first.body.value.content[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      content: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      startsAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const seen = new Set<number>();
    for (let page = 1; page <= Math.ceil(total / 3); page++) {
      const res = await get(`/wps/system/notices?pageNo=${page}&pageSize=3`);
      for (const n of res.body.value.content) seen.add(n.id);
    }
    expect(seen.size).toBe(total);
    const beyond = await get(`/wps/system/notices?pageNo=${Math.ceil(total / 6) + 1}`);
    expect(beyond.body.value.content).toEqual([]);
    for (const q of ['pageNo=0', 'pageSize=0', 'pageSize=101', 'pageNo=x']) {
      const res = await get(`/wps/system/notices?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /wps/relay/MCSFE_getListAnnouncements', () => {
  const titles = (list: { title: string }[]) => list.map((a) => a.title).filter((x) => x.startsWith('ztest'));

  it('shows a visitor the B audience, sorted into the four lists', async () => {
    const { status, body } = await get('/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W');
    expect(status).toBe(200);
    expect(titles(body.value.player).sort()).toEqual(['ztest visitor headline', 'ztest visitor player']);
    expect(titles(body.value.popup)).toEqual(['ztest visitor popup']);
    expect(titles(body.value.promotion)).toEqual(['ztest visitor promo']);
    expect(titles(body.value.banners)).toEqual(['ztest home 1', 'ztest home 2']);
    expect(body.value.promotion.find((a: { title: string }) => a.title === 'ztest visitor promo')).toEqual({
      id: expect.any(Number),
      title: 'ztest visitor promo',
      content: 'ztest visitor promo body',
      promotionType: 'DEPOSIT',
      execution: 'P',
      type: 'PR',
      audience: 'B',
    });
    // The default types are the same five.
    expect((await get('/wps/relay/MCSFE_getListAnnouncements')).body).toEqual(body);
  });

  it('shows a logged-in member the A audience, and F only while it is a first-time user', async () => {
    const returning = await createMember(t.ctx);
    await t.ctx.db.updateTable('members').set({ first_login_at: new Date() }).where('id', '=', returning.id).execute();
    const first = await createMember(t.ctx);
    const url = '/wps/relay/MCSFE_getListAnnouncements';

    const r = (await get(url, { headers: { authorization: await sessionFor(returning.id) } })).body.value;
    expect(titles(r.player)).toEqual(['ztest member player']);
    expect(titles(r.popup)).toEqual(['ztest member popup']);
    expect(titles(r.promotion)).toEqual(['ztest member promo']);

    const f = (await get(url, { headers: { authorization: `Bearer ${await sessionFor(first.id)}` } })).body.value;
    expect(titles(f.popup).sort()).toEqual(['ztest first popup', 'ztest member popup']);
    expect(f.popup.find((a: { title: string }) => a.title === 'ztest first popup')).toMatchObject({
      audience: 'F',
      promotionType: 'NEWBIE',
    });

    // A token that does not resolve is a visitor.
    const v = (await get(url, { headers: { authorization: 'not-a-token' } })).body.value;
    expect(titles(v.popup)).toEqual(['ztest visitor popup']);
  });

  it('keeps F for the session that reported the first login, not for a later one', async () => {
    const member = await createMember(t.ctx);
    const url = '/wps/relay/MCSFE_getListAnnouncements';
    const token = await sessionFor(member.id);
    // The web client reports the first login right after the login answer, before the popups load.
    const reported = await t.app.inject({
      method: 'POST',
      url: '/wps/member/firstLogin',
      headers: { authorization: token },
    });
    expect(reported.json()).toMatchObject({ success: true, value: { firstTimeLogin: false } });
    const same = (await get(url, { headers: { authorization: token } })).body.value;
    expect(titles(same.popup).sort()).toEqual(['ztest first popup', 'ztest member popup']);

    t.advance(1000);
    const later = (await get(url, { headers: { authorization: await sessionFor(member.id) } })).body.value;
    expect(titles(later.popup)).toEqual(['ztest member popup']);
    // The first session keeps it on a reload.
    const again = (await get(url, { headers: { authorization: token } })).body.value;
    expect(titles(again.popup).sort()).toEqual(['ztest first popup', 'ztest member popup']);
  });

  it('filters by type, execution and language, and leaves out expired and future items', async () => {
    const url = '/wps/relay/MCSFE_getListAnnouncements';
    const pu = (await get(`${url}?types=PU`)).body.value;
    expect(pu.banners).toEqual([]);
    expect(pu.player).toEqual([]);
    expect(titles(pu.popup)).toEqual(['ztest visitor popup']);
    const exec = (await get(`${url}?execution=P`)).body.value;
    expect([...titles(exec.player), ...titles(exec.popup), ...titles(exec.promotion)]).toEqual(['ztest visitor promo']);
    const en = (await get(url)).body.value;
    expect(titles(en.player)).not.toContain('ztest expired');
    expect(titles(en.player)).not.toContain('ztest future');
    expect(titles(en.player)).not.toContain('ztest filipino');
    const ty = (await get(`${url}?language=TY`)).body.value;
    expect(titles(ty.player)).toContain('ztest filipino');
    expect(titles(ty.banners)).toContain('ztest filipino');
    t.advance(2 * 3600_000);
    try {
      expect(titles((await get(url)).body.value.player)).toContain('ztest future');
    } finally {
      t.advance(-2 * 3600_000);
    }
  });

  it('refuses unknown types', async () => {
    const res = await get('/wps/relay/MCSFE_getListAnnouncements?types=PL,XX');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', value: { fields: { types: expect.any(String) } } });
  });
});
