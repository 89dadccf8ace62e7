// postgres: two registrations of one username at once make one account
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import {
  countRows,
  latestOutboxCode,
  nextIp,
  setRule,
  TEST_RULES,
  uniqueMobile,
  uniqueUsername,
  useSwitches,
  useTestRules,
} from '../../test/registration-setup';
import { setBrandSetting } from '../brand/brand.service';
import { verifyPassword } from './passwords';

let t: TestApp;

const DEFAULT_SWITCHES = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  REGMOBVERF3: false,
  MOBILENUMPASSREG3: true,
} as const;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
});
afterAll(() => t.close());

beforeEach(async () => {
  await useTestRules(t.ctx.db);
  await useSwitches(t.ctx.db, DEFAULT_SWITCHES);
  await setBrandSetting(t.ctx.db, 'minAge', 18);
  await setBrandSetting(t.ctx.db, 'birthdayCheckAge', 21);
});

function payload(overrides: Record<string, unknown> = {}): { username: string } & Record<string, unknown> {
  return {
    username: uniqueUsername(),
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
    ageConfirmed: true,
    termsAccepted: true,
    privacyAccepted: true,
    login: true,
    registerMethod: 'WEB',
    ...overrides,
  };
}

function register(body: unknown, options: { mobile?: boolean; ip?: string; headers?: Record<string, string> } = {}) {
  return injectEncrypted(t.app, {
    method: 'PUT',
    url: options.mobile ? '/wps/member/register/mobile' : '/wps/member/register',
    body,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.headers,
  });
}

function memberRow(username: string) {
  return t.ctx.db
    .selectFrom('members')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();
}

/** Expects a refusal that stored no member. */
async function expectRefused(
  body: unknown,
  status: number,
  code: string,
  options: { mobile?: boolean; ip?: string } = {},
) {
  const before = await countRows(t.ctx.db, 'members');
  const sessions = await countRows(t.ctx.db, 'sessions');
  const res = await register(body, options);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code });
  expect(await countRows(t.ctx.db, 'members')).toBe(before);
  expect(await countRows(t.ctx.db, 'sessions')).toBe(sessions);
  return res.json() as { value?: { fields?: Record<string, string> } };
}

async function smsCode(purpose: 'register' | 'noLogin', mobileNum: string, ip = nextIp()) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/wps/verification/sms/${purpose}`,
    payload:
      purpose === 'register'
        ? { countryDialingCode: '63', mobileNo: mobileNum }
        : { countryDialingCode: '63', mobileNum },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  const code = await latestOutboxCode(t.ctx.db, `+63${mobileNum}`);
  expect(code).toMatch(/^\d{6}$/);
  return code as string;
}

describe('GET /wps/system/setting/register', () => {
  it('lists the field rules with their hint texts and may be cached', async () => {
    await setRule(t.ctx.db, 'verificationCode', { ...TEST_RULES.verificationCode });
    const res = await t.app.inject({ method: 'GET', url: '/wps/system/setting/register' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const rules = res.json().value as Array<Record<string, unknown>>;
    const username = rules.find((r) => r.field === 'username');
    expect(username).toEqual({
      field: 'username',
      enabled: true,
      required: true,
      minLength: 4,
      maxLength: 16,
      patternId: 1,
      acceptedPattern: '*',
      hint: 'Please enter 4 - 16 characters, starting with a letter, then letters and numbers',
    });
    // equal bounds: a single value
    expect(rules.find((r) => r.field === 'verificationCode')?.hint).toBe('Please enter 6 characters: digits only');
    expect(rules.find((r) => r.field === 'idNumber')?.acceptedPattern).toBe('[A-Z]{2}[0-9]+');
    expect(rules.map((r) => r.field)).toEqual(expect.arrayContaining(['username', 'password', 'fullName']));
  });
});

describe('PUT /wps/member/register', () => {
  it('creates the member, logs them in and records where they came from', async () => {
    const ip = nextIp();
    const body = payload({
      email: 'Player@Example.com',
      payeeName: 'Juan Cruz',
      paymentPassword: '123456',
      idNumber: 'AB123456',
      nationality: 'Filipino',
      registerUrl: 'https://play.example.com/register?x=1',
      domain: 'play.example.com',
    });
    const res = await register(body, { ip, headers: { language: 'ty', 'user-agent': 'vitest-agent' } });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value).toEqual({
      token: expect.any(String),
      firstTimeLogin: true,
      passwordExpired: false,
      forceChangePassword: false,
      isAgent: false,
      isTrial: false,
    });

    const row = await memberRow(body.username);
    expect(row).toMatchObject({
      username: body.username,
      type: 0,
      email: 'Player@Example.com',
      payee_name: 'Juan Cruz',
      id_number: 'AB123456',
      nationality: 'Filipino',
      register_ip: ip,
      register_domain: 'play.example.com',
      register_url: 'https://play.example.com/register?x=1',
      register_method: 'WEB',
      language: 'TY',
      upline_id: null,
      referrer_id: null,
      first_login_at: null,
    });
    expect(row?.referral_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(await verifyPassword(row!.password_hash, 'Secret@123')).toBe(true);
    expect(row?.payment_password_hash).not.toBe('123456');
    expect(await verifyPassword(row!.payment_password_hash!, '123456')).toBe(true);

    const ips = await t.ctx.db.selectFrom('member_login_ips').selectAll().where('member_id', '=', row!.id).execute();
    expect(ips.map((r) => r.ip)).toEqual([ip]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('member_id', '=', row!.id)
      .where('event', '=', 'register')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ success: true, ip, user_agent: 'vitest-agent' });

    // The token is a working session.
    const info = await t.app.inject({
      method: 'GET',
      url: '/wps/member/info',
      headers: { authorization: value.token },
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().value).toMatchObject({ account: body.username, email: 'P***@Example.com', language: 'TY' });
  });

  it('gives each member a different referral code', async () => {
    const a = payload();
    const b = payload();
    expect((await register(a)).statusCode).toBe(200);
    expect((await register(b)).statusCode).toBe(200);
    const [ra, rb] = await Promise.all([memberRow(a.username), memberRow(b.username)]);
    expect(ra?.referral_code).not.toBe(rb?.referral_code);
  });

  it('falls back to the default language and records the brand registration method', async () => {
    const body = payload({ registerMethod: undefined });
    expect((await register(body, { headers: { language: 'xx' } })).statusCode).toBe(200);
    expect(await memberRow(body.username)).toMatchObject({ language: 'EN', register_method: 'WEB' });
  });

  it('is refused with FEATURE_DISABLED when USERNAMEREG3 is off', async () => {
    await useSwitches(t.ctx.db, { USERNAMEREG3: false });
    await expectRefused(payload(), 403, 'FEATURE_DISABLED');
  });

  it('refuses a plaintext body', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/wps/member/register', payload: payload() });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ENCRYPTION_REQUIRED');
  });

  describe('field rules', () => {
    const cases: [string, Record<string, unknown>, Record<string, string>][] = [
      ['username missing', { username: undefined }, { username: 'REQUIRED' }],
      ['username blank', { username: '   ' }, { username: 'REQUIRED' }],
      ['username too short', { username: 'ab1' }, { username: 'TOO_SHORT' }],
      ['username too long', { username: 'a'.repeat(17) }, { username: 'TOO_LONG' }],
      ['username pattern', { username: '1player' }, { username: 'PATTERN' }],
      [
        'password missing',
        { password: undefined, confirmPassword: undefined },
        { password: 'REQUIRED', confirmPassword: 'REQUIRED' },
      ],
      ['password pattern', { password: 'secret123', confirmPassword: 'secret123' }, { password: 'PATTERN' }],
      [
        'password too long',
        { password: `Aa1!${'x'.repeat(20)}`, confirmPassword: `Aa1!${'x'.repeat(20)}` },
        { password: 'TOO_LONG', confirmPassword: 'TOO_LONG' },
      ],
      ['email pattern', { email: 'not-an-email' }, { email: 'PATTERN' }],
      ['payee name pattern', { payeeName: 'Juan' }, { payeeName: 'PATTERN' }],
      ['payment password length', { paymentPassword: '12345' }, { paymentPassword: 'TOO_SHORT' }],
      ['acceptedPattern', { idNumber: 'ab123456' }, { idNumber: 'PATTERN' }],
      ['disabled field sent', { qqNum: '123456' }, { qqNum: 'NOT_ALLOWED' }],
      ['birthday not a date', { birthday: '1990-02-30' }, { birthday: 'PATTERN' }],
      ['recommender id not digits', { recommenderId: 'abc' }, { recommenderId: 'PATTERN' }],
    ];
    for (const [name, overrides, fields] of cases) {
      it(`refuses: ${name}`, async () => {
        const json = await expectRefused(payload(overrides), 400, 'VALIDATION_FAILED');
        expect(json.value?.fields).toEqual(fields);
      });
    }

    it('refuses an optional field once the rule makes it required', async () => {
      await setRule(t.ctx.db, 'email', { ...TEST_RULES.email, required: true });
      const json = await expectRefused(payload(), 400, 'VALIDATION_FAILED');
      expect(json.value?.fields).toEqual({ email: 'REQUIRED' });
    });

    it('refuses a field once the rule disables it', async () => {
      await setRule(t.ctx.db, 'email', { ...TEST_RULES.email, enabled: false });
      const json = await expectRefused(payload({ email: 'a@b.com' }), 400, 'VALIDATION_FAILED');
      expect(json.value?.fields).toEqual({ email: 'NOT_ALLOWED' });
    });

    it('checks the image captcha when its rule is on', async () => {
      await setRule(t.ctx.db, 'captcha', { ...TEST_RULES.captcha, enabled: true, required: true });
      const missing = await expectRefused(payload(), 400, 'VALIDATION_FAILED');
      expect(missing.value?.fields).toEqual({ captcha: 'REQUIRED' });
      // an answer to a captcha this client was never shown
      const wrong = await expectRefused(payload({ captcha: 'ABCD' }), 400, 'CAPTCHA_INVALID');
      expect(wrong.value).toEqual({ captcha: true });
    });

    it('refuses the brand default password', async () => {
      await setRule(t.ctx.db, 'password', { ...TEST_RULES.password, patternId: 6 });
      await setRule(t.ctx.db, 'confirmPassword', { ...TEST_RULES.confirmPassword, patternId: 6 });
      const json = await expectRefused(
        payload({ password: '888888', confirmPassword: '888888' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(json.value?.fields).toEqual({ password: 'NOT_ALLOWED' });
    });

    it('refuses wrong types through the schema', async () => {
      const json = await expectRefused(payload({ username: 12345, ageConfirmed: 'yes' }), 400, 'VALIDATION_FAILED');
      expect(Object.keys(json.value?.fields ?? {})).toEqual(expect.arrayContaining(['username', 'ageConfirmed']));
    });

    it('reports a confirmation mismatch', async () => {
      const json = await expectRefused(payload({ confirmPassword: 'Secret@124' }), 400, 'PASSWORD_CONFIRM_MISMATCH');
      expect(json.value?.fields).toEqual({ confirmPassword: 'MISMATCH' });
    });

    it('names a mismatch beside other bad fields', async () => {
      const json = await expectRefused(
        payload({ confirmPassword: 'Secret@124', email: 'x' }),
        400,
        'VALIDATION_FAILED',
      );
      expect(json.value?.fields).toEqual({ email: 'TOO_SHORT', confirmPassword: 'MISMATCH' });
    });
  });

  describe('age', () => {
    function birthdayYearsAgo(years: number, dayOffset = 0) {
      const d = new Date();
      d.setUTCFullYear(d.getUTCFullYear() - years);
      d.setUTCDate(d.getUTCDate() + dayOffset);
      return d.toISOString().slice(0, 10);
    }

    it('refuses a birthday under the birthday check age (21)', async () => {
      await expectRefused(payload({ birthday: birthdayYearsAgo(21, 1) }), 422, 'ACCOUNT_AGE_RESTRICTED');
      await expectRefused(payload({ birthday: birthdayYearsAgo(19) }), 422, 'ACCOUNT_AGE_RESTRICTED');
    });

    it('accepts a 21st birthday and stores it', async () => {
      const body = payload({ birthday: birthdayYearsAgo(21, -1) });
      const res = await register(body);
      expect(res.statusCode, res.body).toBe(200);
      const row = await memberRow(body.username);
      expect(new Date(row!.birthday!).toISOString().slice(0, 10)).toBe(body.birthday);
    });

    it('uses the configured birthday check age', async () => {
      await setBrandSetting(t.ctx.db, 'birthdayCheckAge', 18);
      expect((await register(payload({ birthday: birthdayYearsAgo(19) }))).statusCode).toBe(200);
    });

    it('needs no age confirmation when the brand minimum age is 0', async () => {
      await setBrandSetting(t.ctx.db, 'minAge', 0);
      const body = payload({ ageConfirmed: undefined });
      expect((await register(body)).statusCode).toBe(200);
      const row = await memberRow(body.username);
      const accepted = await t.ctx.db
        .selectFrom('registration_acceptances')
        .select(['age_confirmed_at', 'minimum_age'])
        .where('member_id', '=', row!.id)
        .executeTakeFirstOrThrow();
      expect(accepted).toEqual({ age_confirmed_at: null, minimum_age: 0 });
    });
  });

  describe('terms, privacy and age acceptance', () => {
    it('refuses a sign-up that does not accept each of them, naming what is missing, and stores nothing', async () => {
      await setBrandSetting(t.ctx.db, 'minAge', 18);
      const cases: [Record<string, unknown>, Record<string, string>][] = [
        [{ termsAccepted: undefined }, { termsAccepted: 'REQUIRED' }],
        [{ privacyAccepted: false }, { privacyAccepted: 'REQUIRED' }],
        [{ ageConfirmed: null }, { ageConfirmed: 'REQUIRED' }],
        [
          { termsAccepted: false, privacyAccepted: undefined, ageConfirmed: false },
          { termsAccepted: 'REQUIRED', privacyAccepted: 'REQUIRED', ageConfirmed: 'REQUIRED' },
        ],
      ];
      for (const [overrides, fields] of cases) {
        const body = payload(overrides);
        const json = await expectRefused(body, 400, 'REGISTRATION_ACCEPTANCE_REQUIRED');
        expect(json.value).toEqual({ fields, minAge: 18 });
        expect(await memberRow(body.username)).toBeUndefined();
      }
    });

    it('records the acceptance with its time, the minimum age asked and the address', async () => {
      await setBrandSetting(t.ctx.db, 'minAge', 18);
      const body = payload();
      const before = Date.now();
      expect((await register(body, { ip: '203.0.113.77' })).statusCode).toBe(200);
      const row = await memberRow(body.username);
      const accepted = await t.ctx.db
        .selectFrom('registration_acceptances')
        .selectAll()
        .where('member_id', '=', row!.id)
        .executeTakeFirstOrThrow();
      expect(accepted).toMatchObject({ minimum_age: 18, ip: '203.0.113.77' });
      for (const at of [accepted.terms_accepted_at, accepted.privacy_accepted_at, accepted.age_confirmed_at])
        expect(new Date(at as Date).getTime()).toBeGreaterThanOrEqual(before - 1000);
    });
  });

  describe('usernames', () => {
    it('refuses a taken username regardless of case', async () => {
      const taken = await createMember(t.ctx, { username: uniqueUsername('Taken') });
      await expectRefused(payload({ username: taken.username.toUpperCase() }), 409, 'ACCOUNT_USERNAME_TAKEN');
    });

    it('makes exactly one account out of two concurrent registrations of one username', {
      tags: ['postgres'],
    }, async () => {
      const username = uniqueUsername('race');
      const before = await countRows(t.ctx.db, 'members');
      const results = await Promise.all([
        register(payload({ username })),
        register(payload({ username: username.toUpperCase() })),
        register(payload({ username })),
      ]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('ACCOUNT_USERNAME_TAKEN');
      expect(await countRows(t.ctx.db, 'members')).toBe(before + 1);
    });
  });

  describe('affiliate, referral and recommender', () => {
    async function agentWithCode(code: string, options: { active?: boolean; domain?: string | null } = {}) {
      const agent = await createMember(t.ctx, { type: 1, username: uniqueUsername('agent') });
      await t.ctx.db
        .insertInto('affiliate_codes')
        .values({ code, agent_id: agent.id, domain: options.domain ?? null, active: options.active ?? true })
        .execute();
      return agent;
    }

    it('puts the member under the agent of a valid affiliate code', async () => {
      const agent = await agentWithCode('AFF1001');
      const body = payload({ affiliateCode: 'aff1001' });
      expect((await register(body)).statusCode).toBe(200);
      expect((await memberRow(body.username))?.upline_id).toBe(agent.id);
    });

    it('refuses an unknown or inactive affiliate code', async () => {
      await agentWithCode('AFF1002', { active: false });
      await expectRefused(payload({ affiliateCode: 'AFF1002' }), 400, 'AFFILIATE_CODE_INVALID');
      await expectRefused(payload({ affiliateCode: 'NOPE9999' }), 400, 'AFFILIATE_CODE_INVALID');
    });

    it('honours the domain an affiliate code is bound to', async () => {
      await agentWithCode('AFF1003', { domain: 'agent.example.com' });
      await expectRefused(
        payload({ affiliateCode: 'AFF1003', domain: 'other.example.com' }),
        400,
        'AFFILIATE_CODE_INVALID',
      );
      const body = payload({ affiliateCode: 'AFF1003', registerUrl: 'https://agent.example.com/register' });
      expect((await register(body)).statusCode).toBe(200);
    });

    it('links the referrer of a valid referral code', async () => {
      const referrer = await createMember(t.ctx);
      const code = (
        await t.ctx.db
          .selectFrom('members')
          .select('referral_code')
          .where('id', '=', referrer.id)
          .executeTakeFirstOrThrow()
      ).referral_code;
      const body = payload({ referralCode: code.toLowerCase() });
      expect((await register(body)).statusCode, 'lower-case code').toBe(200);
      expect((await memberRow(body.username))?.referrer_id).toBe(referrer.id);
    });

    it('refuses an unknown referral code, or one of a trial account', async () => {
      await expectRefused(payload({ referralCode: 'ZZZZ0000' }), 400, 'REFERRAL_CODE_INVALID');
      const trial = await createMember(t.ctx, { type: 4 });
      const code = (
        await t.ctx.db
          .selectFrom('members')
          .select('referral_code')
          .where('id', '=', trial.id)
          .executeTakeFirstOrThrow()
      ).referral_code;
      await expectRefused(payload({ referralCode: code }), 400, 'REFERRAL_CODE_INVALID');
    });

    it('links a recommender by member id and refuses an unknown one', async () => {
      const recommender = await createMember(t.ctx);
      const body = payload({ recommenderId: String(recommender.id) });
      expect((await register(body)).statusCode).toBe(200);
      expect((await memberRow(body.username))?.referrer_id).toBe(recommender.id);
      await expectRefused(payload({ recommenderId: '999999999' }), 400, 'REFERRAL_CODE_INVALID');
    });
  });

  describe('POST /wps/agent/affiliate', () => {
    it('answers valid with the agent name for an active code', async () => {
      const agent = await createMember(t.ctx, { type: 1, username: uniqueUsername('agent') });
      await t.ctx.db.updateTable('members').set({ nickname: 'Lucky Agent' }).where('id', '=', agent.id).execute();
      await t.ctx.db.insertInto('affiliate_codes').values({ code: 'CHK2001', agent_id: agent.id }).execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/agent/affiliate',
        payload: { code: 'CHK2001', domain: 'x.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true, value: { valid: true, agent: 'Lucky Agent' } });
    });

    it('refuses an unknown code, a code of a non-agent, and an empty code', async () => {
      const member = await createMember(t.ctx);
      await t.ctx.db.insertInto('affiliate_codes').values({ code: 'CHK2002', agent_id: member.id }).execute();
      for (const code of ['CHK9999', 'CHK2002']) {
        const res = await t.app.inject({ method: 'POST', url: '/wps/agent/affiliate', payload: { code } });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('AFFILIATE_CODE_INVALID');
      }
      const empty = await t.app.inject({ method: 'POST', url: '/wps/agent/affiliate', payload: { code: ' ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe('VALIDATION_FAILED');
    });
  });

  describe('SMS verification with REGMOBVERF3', () => {
    it('needs the SMS code when a mobile number is given', async () => {
      await useSwitches(t.ctx.db, { REGMOBVERF3: true });
      const mobileNum = uniqueMobile();
      const json = await expectRefused(payload({ mobileNum, countryDialingCode: '63' }), 400, 'VALIDATION_FAILED');
      expect(json.value?.fields).toEqual({ verificationCode: 'REQUIRED' });

      const code = await smsCode('register', mobileNum);
      const body = payload({ mobileNum, countryDialingCode: '+63', verificationCode: code });
      const res = await register(body);
      expect(res.statusCode, res.body).toBe(200);
      expect(await memberRow(body.username)).toMatchObject({ mobile_num: mobileNum, country_dialing_code: '63' });
    });

    it('does not ask for a code without a mobile number', async () => {
      await useSwitches(t.ctx.db, { REGMOBVERF3: true });
      expect((await register(payload())).statusCode).toBe(200);
    });

    it('keeps the code usable when the registration is refused after it', async () => {
      await useSwitches(t.ctx.db, { REGMOBVERF3: true });
      const mobileNum = uniqueMobile();
      const code = await smsCode('register', mobileNum);
      const taken = await createMember(t.ctx);
      await expectRefused(
        payload({ username: taken.username, mobileNum, countryDialingCode: '63', verificationCode: code }),
        409,
        'ACCOUNT_USERNAME_TAKEN',
      );
      const res = await register(payload({ mobileNum, countryDialingCode: '63', verificationCode: code }));
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});

describe('PUT /wps/member/register/mobile', () => {
  it('is refused with FEATURE_DISABLED when MOBILENUMREG3 is off', async () => {
    await useSwitches(t.ctx.db, { MOBILENUMREG3: false });
    await expectRefused(
      {
        mobileNum: uniqueMobile(),
        countryDialingCode: '63',
        ageConfirmed: true,
        termsAccepted: true,
        privacyAccepted: true,
      },
      403,
      'FEATURE_DISABLED',
      {
        mobile: true,
      },
    );
  });

  it('registers by SMS code without a username or password (MOBILENUMPASSREG3 off)', async () => {
    await useSwitches(t.ctx.db, { REGMOBVERF3: true, MOBILENUMPASSREG3: false });
    await setRule(t.ctx.db, 'username', { ...TEST_RULES.username, required: false });
    const mobileNum = uniqueMobile();
    const code = await smsCode('register', mobileNum);
    const res = await register(
      {
        mobileNum: `0${mobileNum}`,
        countryDialingCode: '63',
        verificationCode: code,
        ageConfirmed: true,
        termsAccepted: true,
        privacyAccepted: true,
      },
      { mobile: true },
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await memberRow(`m63${mobileNum}`);
    expect(row).toMatchObject({ mobile_num: mobileNum, country_dialing_code: '63', first_login_at: null });

    // The number now belongs to that member.
    await expectRefused(
      {
        mobileNum,
        countryDialingCode: '63',
        verificationCode: code,
        ageConfirmed: true,
        termsAccepted: true,
        privacyAccepted: true,
      },
      409,
      'ACCOUNT_MOBILE_TAKEN',
      { mobile: true },
    );
  });

  it('makes the username from the number while the username rule is required (the seeded rules)', async () => {
    await useSwitches(t.ctx.db, { REGMOBVERF3: true });
    const mobileNum = uniqueMobile();
    const code = await smsCode('register', mobileNum);
    const body = {
      mobileNum,
      countryDialingCode: '63',
      verificationCode: code,
      password: 'Secret@123',
      confirmPassword: 'Secret@123',
      ageConfirmed: true,
      termsAccepted: true,
      privacyAccepted: true,
    };
    // A refused request (no age confirmation) leaves the SMS code unspent: the same code signs up next.
    const refused = await expectRefused({ ...body, ageConfirmed: false }, 400, 'REGISTRATION_ACCEPTANCE_REQUIRED', {
      mobile: true,
    });
    expect(refused.value?.fields).toEqual({ ageConfirmed: 'REQUIRED' });
    const res = await register(body, { mobile: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.token).toEqual(expect.any(String));
    expect(await memberRow(`m63${mobileNum}`)).toMatchObject({ mobile_num: mobileNum });
  });

  it('holds a username given on the mobile tab to its rule', async () => {
    const json = await expectRefused(
      payload({ username: 'ab', mobileNum: uniqueMobile(), countryDialingCode: '63' }),
      400,
      'VALIDATION_FAILED',
      { mobile: true },
    );
    expect(json.value?.fields).toEqual({ username: 'TOO_SHORT' });
  });

  it('refuses a password when MOBILENUMPASSREG3 is off', async () => {
    await useSwitches(t.ctx.db, { MOBILENUMPASSREG3: false });
    await setRule(t.ctx.db, 'username', { ...TEST_RULES.username, required: false });
    const json = await expectRefused(
      {
        mobileNum: uniqueMobile(),
        countryDialingCode: '63',
        password: 'Secret@123',
        ageConfirmed: true,
        termsAccepted: true,
        privacyAccepted: true,
      },
      400,
      'VALIDATION_FAILED',
      { mobile: true },
    );
    expect(json.value?.fields).toEqual({ password: 'NOT_ALLOWED' });
  });

  it('needs mobile number and password (MOBILENUMPASSREG3 on), keeps a chosen username', async () => {
    const json = await expectRefused(
      { ageConfirmed: true, termsAccepted: true, privacyAccepted: true },
      400,
      'VALIDATION_FAILED',
      { mobile: true },
    );
    expect(json.value?.fields).toMatchObject({ mobileNum: 'REQUIRED', password: 'REQUIRED' });
    // The mobile tab shows no username field: the server makes one instead of asking for it.
    expect(json.value?.fields).not.toHaveProperty('username');

    const body = payload({ mobileNum: uniqueMobile(), countryDialingCode: '63' });
    const res = await register(body, { mobile: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberRow(body.username)).toMatchObject({ mobile_num: body.mobileNum });
  });

  it('refuses a wrong or missing SMS code and a bad number', async () => {
    await useSwitches(t.ctx.db, { REGMOBVERF3: true });
    const mobileNum = uniqueMobile();
    await smsCode('register', mobileNum);
    await expectRefused(
      payload({ mobileNum, countryDialingCode: '63', verificationCode: '000000' }),
      400,
      'SMS_CODE_INVALID',
      {
        mobile: true,
      },
    );
    const json = await expectRefused(payload({ mobileNum, countryDialingCode: '63' }), 400, 'VALIDATION_FAILED', {
      mobile: true,
    });
    expect(json.value?.fields).toEqual({ verificationCode: 'REQUIRED' });
    // 9 digits where +63 numbers have 10
    await expectRefused(
      payload({ mobileNum: '917123456', countryDialingCode: '63', verificationCode: '123456' }),
      400,
      'SMS_PHONE_INVALID',
      {
        mobile: true,
      },
    );
  });

  it('refuses a mobile number that is already registered', async () => {
    const mobileNum = uniqueMobile();
    await createMember(t.ctx, { mobileNum, countryDialingCode: '63' });
    await expectRefused(payload({ mobileNum, countryDialingCode: '63' }), 409, 'ACCOUNT_MOBILE_TAKEN', {
      mobile: true,
    });
  });
});

describe('challenge and throttling', () => {
  it('requires a solved challenge when the brand has the challenge on', async () => {
    await setBrandSetting(t.ctx.db, 'challengeEnabled', true);
    try {
      await expectRefused(payload(), 400, 'CHALLENGE_REQUIRED');
      await expectRefused(payload({ challenge: 'bm90LWEtY2hhbGxlbmdl' }), 400, 'CHALLENGE_INVALID');
      const challenge = await solveChallenge(t.app);
      const res = await register(payload({ challenge }));
      expect(res.statusCode, res.body).toBe(200);
      // single use
      await expectRefused(payload({ challenge }), 400, 'CHALLENGE_INVALID');
    } finally {
      await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
    }
  });

  it('lets one address create at most 10 accounts an hour', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++) expect((await register(payload(), { ip })).statusCode).toBe(200);
    const json = await expectRefused(payload(), 429, 'RATE_LIMITED', { ip });
    expect(json.value).toMatchObject({ retryAfterSeconds: expect.any(Number) });
    t.advance(3601_000);
    expect((await register(payload(), { ip })).statusCode).toBe(200);
  });

  it('takes the limit from REGISTRATION_LIMIT_PER_IP', async () => {
    const configured = t.ctx.config.registrationLimitPerIp;
    t.ctx.config.registrationLimitPerIp = 2;
    try {
      const ip = nextIp();
      for (let i = 0; i < 2; i++) expect((await register(payload(), { ip })).statusCode).toBe(200);
      await expectRefused(payload(), 429, 'RATE_LIMITED', { ip });
    } finally {
      t.ctx.config.registrationLimitPerIp = configured;
    }
  });
});
