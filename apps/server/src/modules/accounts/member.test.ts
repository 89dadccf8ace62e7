import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { createSessionMember } from '../../test/programmes';
import { setBrandSetting } from '../brand/brand.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  await setBrandSetting(t.ctx.db, 'newIpVerification', false);
  await setBrandSetting(t.ctx.db, 'supportedLanguages', ['EN', 'TY']);
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  await setBrandSetting(t.ctx.db, 'currencySymbol', '₱');
});
afterAll(() => t.close());

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}

describe('/wps/member/info/icon', () => {
  it('lists the 12 avatars with the current one and lets a member choose', async () => {
    const m = await createSessionMember(t);
    const list = await get('/wps/member/info/icon', m.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().value.current).toBe(1);
    expect(list.json().value.icons).toHaveLength(12);
    expect(list.json().value.icons[11]).toEqual({ id: 12, url: '/art/avatars/12.svg' });

    const set = await t.app.inject({
      method: 'POST',
      url: '/wps/member/info/icon',
      payload: { icon: 7 },
      headers: { authorization: m.token },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().value.current).toBe(7);
    expect((await get('/wps/member/info', m.token)).json().value.imgUrl).toBe('/art/avatars/7.svg');
  });

  it('refuses an avatar that does not exist', async () => {
    const m = await createSessionMember(t);
    for (const icon of [0, 13, 'x']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/member/info/icon',
        payload: { icon },
        headers: { authorization: m.token },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get('/wps/member/info/icon', m.token)).json().value.current).toBe(1);
  });

  it('lets a trial account see but not change its avatar, and needs a token', async () => {
    const trial = await createSessionMember(t, { type: 4 });
    expect((await get('/wps/member/info/icon', trial.token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/wps/member/info/icon',
      payload: { icon: 3 },
      headers: { authorization: trial.token },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_TRIAL_RESTRICTED');
    expect((await get('/wps/member/info/icon', trial.token)).json().value.current).toBe(1);
    const anonymous = await t.app.inject({ method: 'POST', url: '/wps/member/info/icon', payload: { icon: 3 } });
    expect(anonymous.statusCode).toBe(401);
    expect((await get('/wps/member/info/icon')).statusCode).toBe(401);
  });
});

describe('PUT /wps/member/language', () => {
  function setLanguage(language: unknown, token?: string) {
    return t.app.inject({
      method: 'PUT',
      url: '/wps/member/language',
      payload: { language },
      headers: token ? { authorization: token } : {},
    });
  }

  it('accepts a supported language in any case, for visitors too', async () => {
    const res = await setLanguage('ty');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { language: 'TY' } });
  });

  it('stores the language on the member when a token is sent', async () => {
    const m = await createSessionMember(t);
    expect((await setLanguage('Ty', m.token)).statusCode).toBe(200);
    expect((await get('/wps/member/info', m.token)).json().value.language).toBe('TY');
  });

  it('refuses an unsupported language and changes nothing', async () => {
    const m = await createSessionMember(t);
    for (const language of ['FR', '', 42]) {
      const res = await setLanguage(language, m.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().value.fields)).toEqual(['language']);
    }
    expect((await get('/wps/member/info', m.token)).json().value.language).toBe('EN');
  });
});

describe('GET /wps/member/security', () => {
  it('shows what is bound and the login history', async () => {
    const m = await createSessionMember(t, { email: 'sec@example.com', totpSecret: 'JBSWY3DPEHPK3PXP' });
    const login = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      body: { username: m.username, password: m.password, type: 'username' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const res = await get('/wps/member/security', m.token);
    expect(res.statusCode).toBe(200);
    const value = res.json().value;
    expect(value).toMatchObject({
      mobileBound: false,
      emailBound: true,
      paymentPasswordSet: false,
      totpEnabled: true,
      passwordChangedAt: expect.any(String),
    });
    expect(value.loginHistory[0]).toMatchObject({ success: true, ip: '127.0.0.1', time: expect.any(String) });
  });

  it('is for real members only', async () => {
    const trial = await createSessionMember(t, { type: 4 });
    const res = await get('/wps/member/security', trial.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_TRIAL_RESTRICTED');
    expect((await get('/wps/member/security')).statusCode).toBe(401);
  });
});
