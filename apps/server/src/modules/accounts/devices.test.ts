import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { setBrandSetting } from '../brand/brand.service';
import { describeDevice } from './devices.presenter';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  await setBrandSetting(t.ctx.db, 'newIpVerification', false);
});
afterAll(() => t.close());

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

async function login(m: { username: string; password: string }, ip: string, userAgent: string) {
  const res = await injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    body: { username: m.username, password: m.password, type: 'username' },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
  expect(res.statusCode).toBe(200);
  return res.json().value.token as string;
}

function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: token } });
}

async function threeDevices() {
  seq++;
  const m = await createMember(t.ctx, { knownIps: [`10.60.${seq}.1`] });
  const phone = await login(m, `10.60.${seq}.1`, CHROME_ANDROID);
  const laptop = await login(m, `10.60.${seq}.2`, FIREFOX_WINDOWS);
  const tablet = await login(m, `10.60.${seq}.3`, 'SomeTablet/1.0');
  return { m, phone, laptop, tablet };
}

type Item = { id: number; device: string; ip: string; current: boolean; createdAt: string; lastSeenAt: string };

describe('devices and sessions', () => {
  it('lists the live sessions with device, IP, times and this device marked', async () => {
    const { m, phone } = await threeDevices();
    const other = await createMember(t.ctx);
    await login(other, '10.61.0.1', CHROME_ANDROID);
    const res = await get('/wps/member/security/sessions', phone);
    expect(res.statusCode).toBe(200);
    const list = res.json().value.list as Item[];
    expect(list).toHaveLength(3);
    expect(list.find((s) => s.current)).toMatchObject({ device: 'Chrome on Android', ip: `10.60.${seq}.1` });
    expect(list.filter((s) => s.current)).toHaveLength(1);
    expect(list.map((s) => s.device).sort()).toEqual(['Chrome on Android', 'Firefox on Windows', 'SomeTablet/1.0']);
    for (const s of list) expect(new Date(s.lastSeenAt).getTime()).toBeGreaterThan(0);
    // Rows are presented, never returned whole.
    expect(Object.keys(list[0] as Item).sort()).toEqual(
      ['createdAt', 'current', 'device', 'id', 'ip', 'lastSeenAt', 'userAgent'].sort(),
    );
    expect(m.id).toBeGreaterThan(0);
  });

  it('signs one session out at once, and not someone else’s', async () => {
    const { phone, laptop } = await threeDevices();
    // A resolved session is cached: read it first so the revocation must reach the cache.
    expect((await get('/wps/member/info', laptop)).statusCode).toBe(200);
    const list = (await get('/wps/member/security/sessions', laptop)).json().value.list as Item[];
    const laptopId = (list.find((s) => s.current) as Item).id;

    const stranger = await threeDevices();
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/security/sessions/${laptopId}`,
      headers: { authorization: stranger.phone },
    });
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await get('/wps/member/info', laptop)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/wps/member/security/sessions/${laptopId}`,
      headers: { authorization: phone },
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/wps/member/info', laptop)).statusCode).toBe(401);
    expect((await get('/wps/member/info', phone)).statusCode).toBe(200);
    const after = (await get('/wps/member/security/sessions', phone)).json().value.list as Item[];
    expect(after.map((s) => s.id)).not.toContain(laptopId);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/wps/member/security/sessions/abc',
      headers: { authorization: phone },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('signs out every other session and keeps this one', async () => {
    const { m, phone, laptop, tablet } = await threeDevices();
    for (const token of [laptop, tablet]) expect((await get('/wps/member/info', token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/security/sessions/revokeOthers',
      headers: { authorization: phone },
    });
    expect(res.json()).toEqual({ success: true, value: { revoked: 2 } });
    expect((await get('/wps/member/info', laptop)).statusCode).toBe(401);
    expect((await get('/wps/member/info', tablet)).statusCode).toBe(401);
    expect((await get('/wps/member/info', phone)).statusCode).toBe(200);
    expect(((await get('/wps/member/security/sessions', phone)).json().value.list as Item[]).length).toBe(1);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('member_id', '=', m.id)
      .where('event', '=', 'session.revoke')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('pages the login history: time, IP, device, result and method', async () => {
    seq++;
    const m = await createMember(t.ctx, { knownIps: [`10.62.${seq}.1`] });
    const failed = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      body: { username: m.username, password: 'Wrong@1234', type: 'username' },
      remoteAddress: `10.62.${seq}.5`,
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(failed.statusCode).toBe(401);
    await login(m, `10.62.${seq}.1`, CHROME_ANDROID);
    const token = await login(m, `10.62.${seq}.1`, CHROME_ANDROID);
    const page1 = (await get('/wps/member/security/loginHistory?pageNo=1&pageSize=2', token)).json().value;
    expect(page1).toMatchObject({ pageNum: 1, pageSize: 2, totalPages: 2, totalElements: 3 });
    expect(page1.content[0]).toMatchObject({
      ip: `10.62.${seq}.1`,
      device: 'Chrome on Android',
      result: 'success',
      method: 'username',
    });
    const page2 = (await get('/wps/member/security/loginHistory?pageNo=2&pageSize=2', token)).json().value;
    expect(page2.content).toEqual([
      {
        id: expect.any(Number),
        time: expect.any(String),
        ip: `10.62.${seq}.5`,
        device: 'Firefox on Windows',
        result: 'failure',
        method: 'username',
      },
    ]);
    const bad = await get('/wps/member/security/loginHistory?pageSize=1000', token);
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('names devices from their user agent', () => {
    expect(describeDevice(null)).toBe('Unknown device');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      ),
    ).toBe('Edge on Windows');
  });
});
