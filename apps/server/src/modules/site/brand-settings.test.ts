import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken as operatorLogin } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectFailure, sessionFor } from '../cashier/cashier.fixtures';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = await operatorLogin(t.app);
});
afterAll(() => t.close());

function send(method: 'GET' | 'PUT', url: string, token?: string, payload?: unknown, remoteAddress?: string) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

async function storedSetting(key: string) {
  const row = await t.ctx.db.selectFrom('brand_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}
async function switchEnabled(modId: string) {
  const row = await t.ctx.db
    .selectFrom('whitelabel_switches')
    .select('enabled')
    .where('mod_id', '=', modId)
    .executeTakeFirstOrThrow();
  return row.enabled;
}
async function brandAudit(event: 'brand.setting' | 'brand.switch') {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('event', '=', event).execute();
}
const detailOf = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;

async function cashierOperator() {
  const op = await createMember(t.ctx, {
    type: 90,
    permissions: ['cashier.read', 'cashier.approve', 'cashier.settings'],
    password: 'Oper@1234',
  });
  return operatorLogin(t.app, { username: op.username, password: 'Oper@1234' }, '10.9.1.1');
}

describe('GET /admin/brand/settings', () => {
  it('lists every brand setting with its value and the whitelabel switches', async () => {
    const res = await send('GET', '/admin/brand/settings', adminToken);
    expect(res.statusCode).toBe(200);
    const value = res.json().value as {
      settings: { key: string; value: unknown }[];
      switches: { modId: string; enabled: boolean; name: string }[];
    };
    const byKey = Object.fromEntries(value.settings.map((s) => [s.key, s.value]));
    expect(byKey.siteName).toBe('Gamehall');
    expect(byKey.maintenance).toMatchObject({ enabled: false });
    expect(byKey.supportedLanguages).toEqual(expect.arrayContaining(['EN']));
    expect(Object.keys(byKey)).toEqual(expect.arrayContaining(['regionRestriction', 'mobileDigits', 'walletMode']));
    expect(value.switches.find((s) => s.modId === 'COMM3')).toMatchObject({ enabled: expect.any(Boolean) });
  });

  it('refuses guests (401), members (403) and operators without the brand permission (403)', async () => {
    expectFailure(await send('GET', '/admin/brand/settings'), 401, 'AUTH_REQUIRED');
    const m = await createMember(t.ctx);
    expectFailure(await send('GET', '/admin/brand/settings', await sessionFor(t, m.id)), 403, 'AUTH_FORBIDDEN');
    expectFailure(await send('GET', '/admin/brand/settings', await cashierOperator()), 403, 'AUTH_FORBIDDEN');
  });
});

describe('PUT /admin/brand/settings/:key', () => {
  it('puts the site into maintenance and back, seen at once by /wps/system/status, audited with before and after', async () => {
    const before = await brandAudit('brand.setting');
    const on = { enabled: true, title: 'Upgrade', info: 'Back at noon' };
    const res = await send('PUT', '/admin/brand/settings/maintenance', adminToken, { value: on });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ key: 'maintenance', value: on });
    const status = (await send('GET', '/wps/system/status')).json().value;
    expect(status).toMatchObject({ systemStatus: 1, title: 'Upgrade', info: 'Back at noon' });

    const off = { ...on, enabled: false };
    expect((await send('PUT', '/admin/brand/settings/maintenance', adminToken, { value: off })).statusCode).toBe(200);
    expect((await send('GET', '/wps/system/status')).json().value.systemStatus).not.toBe(1);

    const rows = (await brandAudit('brand.setting')).filter((r) => !before.some((b) => b.id === r.id));
    expect(rows).toHaveLength(2);
    const details = rows.map((r) => detailOf(r.detail));
    expect(details).toContainEqual(
      expect.objectContaining({ key: 'maintenance', before: expect.objectContaining({ enabled: false }), after: on }),
    );
    expect(details).toContainEqual(expect.objectContaining({ key: 'maintenance', before: on, after: off }));
    expect(rows.every((r) => r.success && r.username === 'admin')).toBe(true);
  });

  it('changes supportedLanguages, seen by /wps/system/config', async () => {
    const original = (await send('GET', '/wps/system/config')).json().value.supportedLanguages;
    const res = await send('PUT', '/admin/brand/settings/supportedLanguages', adminToken, {
      value: ['EN', 'TY', 'AR'],
    });
    expect(res.statusCode).toBe(200);
    expect((await send('GET', '/wps/system/config')).json().value.supportedLanguages).toEqual(['EN', 'TY', 'AR']);
    await send('PUT', '/admin/brand/settings/supportedLanguages', adminToken, { value: original });
    expect((await send('GET', '/wps/system/config')).json().value.supportedLanguages).toEqual(original);
  });

  it('asks for cookie consent in the demo; the operator turns it off and on, seen by /wps/system/config', async () => {
    const config = async () => (await send('GET', '/wps/system/config')).json().value.cookieConsentBanner;
    // The demo seed turns it on (a brand outside demo mode starts without it: seed-without-demo.test).
    expect(await config()).toBe(true);
    expect(await storedSetting('cookieConsentBanner')).toBe(true);
    expect(
      (await send('PUT', '/admin/brand/settings/cookieConsentBanner', adminToken, { value: false })).statusCode,
    ).toBe(200);
    expect(await config()).toBe(false);
    const listed = (await send('GET', '/admin/brand/settings', adminToken)).json().value.settings;
    expect(listed.find((s: { key: string }) => s.key === 'cookieConsentBanner').value).toBe(false);
    // Not a yes or no: refused, and the setting stays as it was.
    for (const value of ['yes', 1, null]) {
      const bad = await send('PUT', '/admin/brand/settings/cookieConsentBanner', adminToken, { value });
      expectFailure(bad, 400, 'VALIDATION_FAILED');
    }
    expect(await config()).toBe(false);
    const member = await sessionFor(t, (await createMember(t.ctx)).id);
    const byMember = await send('PUT', '/admin/brand/settings/cookieConsentBanner', member, { value: true });
    expectFailure(byMember, 403, 'AUTH_FORBIDDEN');
    expect(await config()).toBe(false);
    await send('PUT', '/admin/brand/settings/cookieConsentBanner', adminToken, { value: true });
    expect(await config()).toBe(true);
  });

  it('answers 404 for an unknown key and 400 for a bad or missing value, storing nothing, audited as refused', async () => {
    const stored = await storedSetting('maintenance');
    const minAge = await storedSetting('minAge');
    const before = (await brandAudit('brand.setting')).length;
    expectFailure(await send('PUT', '/admin/brand/settings/noSuchKey', adminToken, { value: 1 }), 404, 'NOT_FOUND');
    expect(await storedSetting('noSuchKey')).toBeUndefined();

    const bad = await send('PUT', '/admin/brand/settings/maintenance', adminToken, {
      value: { enabled: 'yes', title: 'x', info: 'y' },
    });
    expectFailure(bad, 400, 'VALIDATION_FAILED');
    expect(bad.json().value.fields).toEqual({ value: 'INVALID' });
    const negative = await send('PUT', '/admin/brand/settings/minAge', adminToken, { value: -1 });
    expectFailure(negative, 400, 'VALIDATION_FAILED');
    expect(negative.json().value.fields).toEqual({ value: 'TOO_SHORT' });
    // Without a value the schema would fall back to the default: refused, not a reset.
    const missing = await send('PUT', '/admin/brand/settings/minAge', adminToken, {});
    expectFailure(missing, 400, 'VALIDATION_FAILED');
    expect(missing.json().value.fields).toEqual({ value: 'REQUIRED' });

    expect(await storedSetting('maintenance')).toEqual(stored);
    expect(await storedSetting('minAge')).toEqual(minAge);
    const refused = (await brandAudit('brand.setting')).slice(before);
    // The missing value is refused by the body schema before the action runs, so three rows.
    expect(refused).toHaveLength(3);
    expect(refused.every((r) => !r.success)).toBe(true);
  });

  it('refuses guests, members and operators without the permission, changing nothing', async () => {
    const stored = await storedSetting('siteName');
    const body = { value: 'Hijacked' };
    expectFailure(await send('PUT', '/admin/brand/settings/siteName', undefined, body), 401, 'AUTH_REQUIRED');
    const m = await createMember(t.ctx);
    const memberToken = await sessionFor(t, m.id);
    expectFailure(await send('PUT', '/admin/brand/settings/siteName', memberToken, body), 403, 'AUTH_FORBIDDEN');
    const cashier = await cashierOperator();
    expectFailure(await send('PUT', '/admin/brand/settings/siteName', cashier, body), 403, 'AUTH_FORBIDDEN');
    expect(await storedSetting('siteName')).toEqual(stored);
  });
});

describe('PUT /admin/brand/switches/:modId', () => {
  it('turns a switch off and on, seen by /wps/system/whitelabel, audited with before and after', async () => {
    const original = await switchEnabled('COMM3');
    const res = await send('PUT', '/admin/brand/switches/COMM3', adminToken, { enabled: !original });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toMatchObject({ modId: 'COMM3', enabled: !original, name: expect.any(String) });
    expect(await switchEnabled('COMM3')).toBe(!original);
    const listed = (await send('GET', '/admin/brand/settings', adminToken)).json().value.switches as {
      modId: string;
      enabled: boolean;
    }[];
    expect(listed.find((s) => s.modId === 'COMM3')?.enabled).toBe(!original);

    expect((await send('PUT', '/admin/brand/switches/COMM3', adminToken, { enabled: original })).statusCode).toBe(200);
    expect(await switchEnabled('COMM3')).toBe(original);
    const details = (await brandAudit('brand.switch')).filter((r) => r.success).map((r) => detailOf(r.detail));
    expect(details).toContainEqual(expect.objectContaining({ modId: 'COMM3', before: original, after: !original }));
    expect(details).toContainEqual(expect.objectContaining({ modId: 'COMM3', before: !original, after: original }));
  });

  it('answers 404 for an unknown switch, 400 for a bad body, and refuses other callers, changing nothing', async () => {
    const original = await switchEnabled('COMM3');
    const count = async () => (await t.ctx.db.selectFrom('whitelabel_switches').select('mod_id').execute()).length;
    const switches = await count();
    expectFailure(await send('PUT', '/admin/brand/switches/NOPE9', adminToken, { enabled: true }), 404, 'NOT_FOUND');
    expect(await count()).toBe(switches);
    expectFailure(
      await send('PUT', '/admin/brand/switches/COMM3', adminToken, { enabled: 'no' }),
      400,
      'VALIDATION_FAILED',
    );
    const body = { enabled: !original };
    expectFailure(await send('PUT', '/admin/brand/switches/COMM3', undefined, body), 401, 'AUTH_REQUIRED');
    const m = await createMember(t.ctx);
    expectFailure(
      await send('PUT', '/admin/brand/switches/COMM3', await sessionFor(t, m.id), body),
      403,
      'AUTH_FORBIDDEN',
    );
    expectFailure(
      await send('PUT', '/admin/brand/switches/COMM3', await cashierOperator(), body),
      403,
      'AUTH_FORBIDDEN',
    );
    expect(await switchEnabled('COMM3')).toBe(original);
  });
});
