// postgres: parallel payment-password guesses against one lockout
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { encryptedRequest, injectEncrypted } from '../../test/jwe';
import {
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
import { actors, call, expectFailure, fund, payingAccount, payoutOf } from '../cashier/cashier.fixtures';
import { verifyPassword } from './passwords';

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  operator = (await operatorToken()).token;
});
afterAll(() => t.close());

const { member: memberWithSession, operator: operatorToken } = actors(() => t, createMember);

type Member = { id: number; token: string; password: string };

// Each call from its own address, so the per-IP limits of one test do not reach the next.
function send(member: Member, method: 'POST' | 'PUT', url: string, body: unknown, ip = nextIp()) {
  return injectEncrypted(t.app, { method, url, body, token: member.token, remoteAddress: ip });
}
function askCode(member: Member, url: string, body: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    headers: { authorization: member.token },
    remoteAddress: nextIp(),
  });
}
function setFirst(member: Member, body: Record<string, unknown>) {
  return send(member, 'POST', '/wps/member/security/paymentPassword', {
    loginPassword: member.password,
    newPaymentPassword: '246810',
    confirmPaymentPassword: '246810',
    ...body,
  });
}
async function paymentHash(id: number) {
  return (
    await t.ctx.db.selectFrom('members').select('payment_password_hash').where('id', '=', id).executeTakeFirstOrThrow()
  ).payment_password_hash;
}
async function outboxTo(recipient: string) {
  return t.ctx.db
    .selectFrom('outbox')
    .select(['channel', 'text', 'code'])
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute();
}
async function auditEvents(memberId: number) {
  return t.ctx.db
    .selectFrom('audit_log')
    .select(['event', 'success'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
}
async function securityOf(member: Member) {
  return (await call(t, 'GET', '/wps/member/security', member.token)).json().value;
}

describe('first payment password', () => {
  it('needs the login password when nothing is bound, is encrypted, set once and audited', async () => {
    const m = await memberWithSession();
    expect((await securityOf(m)).paymentPasswordSet).toBe(false);

    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/member/security/paymentPassword',
      headers: { authorization: m.token },
      payload: { loginPassword: m.password, newPaymentPassword: '246810', confirmPaymentPassword: '246810' },
    });
    expectFailure(plain, 400, 'ENCRYPTION_REQUIRED');
    expectFailure(await setFirst(m, { loginPassword: 'Wrong@123' }), 400, 'SECURITY_PASSWORD_INVALID');
    expectFailure(
      await setFirst(m, { newPaymentPassword: '12ab', confirmPaymentPassword: '12ab' }),
      400,
      'PAYMENT_PASSWORD_FORMAT_INVALID',
    );
    expectFailure(await setFirst(m, { confirmPaymentPassword: '246811' }), 400, 'PAYMENT_PASSWORD_CONFIRM_MISMATCH');
    expect(await paymentHash(m.id)).toBeNull();

    expect((await setFirst(m, {})).statusCode).toBe(200);
    expect(await verifyPassword((await paymentHash(m.id)) ?? '', '246810')).toBe(true);
    expect((await securityOf(m)).paymentPasswordSet).toBe(true);
    expect((await call(t, 'GET', '/wps/member/info', m.token)).json().value.hasPaymentPassword).toBe(true);
    expectFailure(
      await setFirst(m, { newPaymentPassword: '135790', confirmPaymentPassword: '135790' }),
      409,
      'PAYMENT_PASSWORD_ALREADY_SET',
    );
    expect(await verifyPassword((await paymentHash(m.id)) ?? '', '246810')).toBe(true);
    expect(await auditEvents(m.id)).toEqual(
      expect.arrayContaining([
        { event: 'paymentPassword.set', success: false },
        { event: 'paymentPassword.set', success: true },
      ]),
    );
  });

  it('refuses the login password as payment password', async () => {
    const m = await memberWithSession({ password: '97531864' });
    expectFailure(
      await setFirst(m, { newPaymentPassword: '97531864', confirmPaymentPassword: '97531864' }),
      400,
      'PAYMENT_PASSWORD_FORMAT_INVALID',
    );
    await setRule(t.ctx.db, 'paymentPassword', { ...TEST_RULES.paymentPassword, maxLength: 8 });
    try {
      expectFailure(
        await setFirst(m, { newPaymentPassword: '97531864', confirmPaymentPassword: '97531864' }),
        400,
        'PAYMENT_PASSWORD_SAME_AS_LOGIN',
      );
    } finally {
      await setRule(t.ctx.db, 'paymentPassword', TEST_RULES.paymentPassword);
    }
    expect(await paymentHash(m.id)).toBeNull();
  });

  it('with a bound mobile, also needs the SMS code sent to it, and announces the change', async () => {
    const mobile = uniqueMobile();
    const m = await memberWithSession({ mobileNum: mobile, email: `${uniqueUsername()}@example.com` });
    const phone = `+63${mobile}`;
    expectFailure(await setFirst(m, {}), 400, 'SECURITY_CODE_CHANNEL_REQUIRED');
    expectFailure(await setFirst(m, { channel: 'sms' }), 400, 'SMS_CODE_MISSING');

    const sent = await askCode(m, '/wps/member/security/code', { channel: 'sms' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().value).toEqual({
      expiredMinutes: expect.any(Number),
      sentTo: expect.stringMatching(/^\+63 \d{3}\*{4}\d{3}$/),
    });
    const code = await latestOutboxCode(t.ctx.db, phone);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '000000' ? '111111' : '000000';
    expectFailure(await setFirst(m, { channel: 'sms', verificationCode: wrong }), 400, 'SMS_CODE_INVALID');
    expect(await paymentHash(m.id)).toBeNull();

    expect((await setFirst(m, { channel: 'sms', verificationCode: code })).statusCode).toBe(200);
    expect(await paymentHash(m.id)).not.toBeNull();
    const texts = (await outboxTo(phone)).map((o) => o.text);
    expect(texts.at(-1)).toMatch(/your payment password was set/);
  });

  it('refuses a code channel the member has not bound, and trial accounts', async () => {
    const m = await memberWithSession({ email: `${uniqueUsername()}@example.com` });
    expectFailure(await askCode(m, '/wps/member/security/code', { channel: 'sms' }), 422, 'SECURITY_CHANNEL_NOT_BOUND');
    expectFailure(await setFirst(m, { channel: 'sms', verificationCode: '123456' }), 422, 'SECURITY_CHANNEL_NOT_BOUND');
    const trial = await memberWithSession({ type: 4 });
    expectFailure(await setFirst(trial, {}), 403, 'ACCOUNT_TRIAL_RESTRICTED');
  });

  it('counts each login-password try before checking it: parallel guesses get at most five checks', {
    tags: ['postgres'],
  }, async () => {
    const m = await memberWithSession();
    // Encrypted first, so the 20 requests reach the server together.
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        encryptedRequest(t.app, {
          loginPassword: 'Guess@123',
          newPaymentPassword: '246810',
          confirmPaymentPassword: '246810',
        }),
      ),
    );
    const answers = await Promise.all(
      bodies.map(({ payload, headers }) =>
        t.app.inject({
          method: 'POST',
          url: '/wps/member/security/paymentPassword',
          payload,
          headers: { ...headers, authorization: m.token },
          remoteAddress: nextIp(),
        }),
      ),
    );
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 'SECURITY_PASSWORD_INVALID').length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(15);
    // Each wrong password that was really checked is audited: no more than the limit were.
    const checked = (await auditEvents(m.id)).filter((e) => e.event === 'paymentPassword.set' && !e.success);
    expect(checked.length).toBeLessThanOrEqual(5);
    // Locked now: even the right password is refused.
    expectFailure(await setFirst(m, {}), 429, 'RATE_LIMITED');
    expect(await paymentHash(m.id)).toBeNull();
  });
});

describe('change and forgot', () => {
  async function withPaymentPassword(input: Parameters<typeof createMember>[1] = {}) {
    const m = await memberWithSession(input);
    // Nothing bound, or a code would be needed: bind afterwards through the fields directly.
    await t.ctx.db.updateTable('members').set({ email: null, mobile_num: null }).where('id', '=', m.id).execute();
    expect((await setFirst(m, {})).statusCode).toBe(200);
    await t.ctx.db
      .updateTable('members')
      .set({ email: input.email ?? null, mobile_num: input.mobileNum ?? null })
      .where('id', '=', m.id)
      .execute();
    return m;
  }
  function change(m: Member, body: Record<string, unknown>) {
    return send(m, 'PUT', '/wps/member/security/paymentPassword', {
      oldPaymentPassword: '246810',
      newPaymentPassword: '864200',
      confirmPaymentPassword: '864200',
      ...body,
    });
  }

  it('changes with the old payment password and tells the member', async () => {
    const email = `${uniqueUsername()}@example.com`;
    const m = await withPaymentPassword({ email });
    expectFailure(await change(m, { oldPaymentPassword: '999999' }), 400, 'PAYMENT_PASSWORD_INVALID');
    expectFailure(
      await change(m, { newPaymentPassword: '246810', confirmPaymentPassword: '246810' }),
      400,
      'PASSWORD_SAME_AS_OLD',
    );
    expectFailure(
      await change(m, { newPaymentPassword: 'abcdef', confirmPaymentPassword: 'abcdef' }),
      400,
      'PAYMENT_PASSWORD_FORMAT_INVALID',
    );
    expect(await verifyPassword((await paymentHash(m.id)) ?? '', '246810')).toBe(true);
    expect((await change(m, {})).statusCode).toBe(200);
    expect(await verifyPassword((await paymentHash(m.id)) ?? '', '864200')).toBe(true);
    const notice = (await outboxTo(email)).at(-1)?.text ?? '';
    expect(notice).toMatch(/your payment password was changed/);
    // In the brand's time zone (Asia/Manila by default) with its offset, not UTC.
    expect(notice).toMatch(/ on \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+08:00\)\. /);
    expect(notice).not.toMatch(/ UTC\./);
    const none = await memberWithSession();
    expectFailure(await change(none, {}), 422, 'PAYMENT_PASSWORD_NOT_SET');
  });

  it('resets a forgotten one with a code mailed to the bound email', async () => {
    const email = `${uniqueUsername()}@Example.com`;
    const m = await withPaymentPassword({ email });
    // Five wrong answers lock the payment password (the member forgot it)...
    for (let i = 0; i < 5; i++) {
      const wrong = { oldPaymentPassword: `99999${i}`, newPaymentPassword: '864200', confirmPaymentPassword: '864200' };
      expectFailure(
        await send(m, 'PUT', '/wps/member/security/paymentPassword', wrong),
        400,
        'PAYMENT_PASSWORD_INVALID',
      );
    }
    const useNew = () =>
      send(m, 'PUT', '/wps/member/security/paymentPassword', {
        oldPaymentPassword: '555111',
        newPaymentPassword: '864200',
        confirmPaymentPassword: '864200',
      });
    expectFailure(await useNew(), 429, 'RATE_LIMITED');
    const reset = (body: Record<string, unknown>) =>
      send(m, 'POST', '/wps/member/security/paymentPassword/reset', {
        channel: 'email',
        newPaymentPassword: '555111',
        confirmPaymentPassword: '555111',
        ...body,
      });
    expectFailure(await reset({ verificationCode: '123456' }), 400, 'SMS_CODE_INVALID');
    expect((await askCode(m, '/wps/member/security/code', { channel: 'email' })).json().value.sentTo).toMatch(
      /^.\*\*\*@Example\.com$/,
    );
    const code = await latestOutboxCode(t.ctx.db, email);
    expect(code).toMatch(/^\d{6}$/);
    expectFailure(await reset({ channel: 'sms', verificationCode: code }), 422, 'SECURITY_CHANNEL_NOT_BOUND');
    expect((await reset({ verificationCode: code })).statusCode).toBe(200);
    expect(await verifyPassword((await paymentHash(m.id)) ?? '', '555111')).toBe(true);
    // Spent: the same code does not work twice.
    expectFailure(await reset({ verificationCode: code }), 400, 'SMS_CODE_INVALID');
    expect((await outboxTo(email)).at(-1)?.text).toMatch(/your payment password was reset/);
    expect(await auditEvents(m.id)).toContainEqual({ event: 'paymentPassword.reset', success: true });
    // ...and the reset, proven by the code, lifts that lock: the new one works at once.
    expect((await useNew()).statusCode).toBe(200);
  });
});

describe('the code mail names what it is for', () => {
  it('says "set" to a member without a payment password and "change" once one is set', async () => {
    const email = `${uniqueUsername()}@example.com`;
    const m = await memberWithSession({ email });
    expect((await askCode(m, '/wps/member/security/code', { channel: 'email' })).statusCode).toBe(200);
    const first = (await outboxTo(email)).at(-1)?.text ?? '';
    expect(first).toMatch(/to set your payment password/);
    expect(first).not.toMatch(/change/);
    await t.ctx.db.updateTable('members').set({ email: null }).where('id', '=', m.id).execute();
    expect((await setFirst(m, {})).statusCode).toBe(200);
    await t.ctx.db.updateTable('members').set({ email }).where('id', '=', m.id).execute();
    // Past the resend wait for this address.
    t.advance(10 * 60_000);
    try {
      expect((await askCode(m, '/wps/member/security/code', { channel: 'email' })).statusCode).toBe(200);
    } finally {
      t.advance(-10 * 60_000);
    }
    expect((await outboxTo(email)).at(-1)?.text).toMatch(/to change your payment password/);
  });
});

describe('bind mobile and email', () => {
  function bindMobile(m: Member, mobileNum: string, code: string | null, password = m.password) {
    return send(m, 'POST', '/wps/member/security/mobile', {
      countryDialingCode: '63',
      mobileNum,
      verificationCode: code ?? '000000',
      loginPassword: password,
    });
  }

  it('binds and changes the mobile with a code to the new number; the old number is told', async () => {
    const m = await memberWithSession();
    const first = uniqueMobile();
    expectFailure(
      await askCode(m, '/wps/member/security/mobile/code', { countryDialingCode: '63', mobileNum: '12' }),
      400,
      'SMS_PHONE_INVALID',
    );
    expect(
      (await askCode(m, '/wps/member/security/mobile/code', { countryDialingCode: '63', mobileNum: first })).statusCode,
    ).toBe(200);
    const code = (await latestOutboxCode(t.ctx.db, `+63${first}`)) ?? '';
    expectFailure(await bindMobile(m, first, code, 'Wrong@123'), 400, 'SECURITY_PASSWORD_INVALID');
    expect((await bindMobile(m, first, code)).statusCode).toBe(200);
    const centre = await securityOf(m);
    expect(centre).toMatchObject({
      mobileBound: true,
      countryDialingCode: '63',
      mobileNum: `${first.slice(0, 3)}****${first.slice(-3)}`,
    });
    expect((await call(t, 'GET', '/wps/member/info', m.token)).json().value.mobileNum).toBe(centre.mobileNum);
    expectFailure(
      await askCode(m, '/wps/member/security/mobile/code', { countryDialingCode: '63', mobileNum: first }),
      409,
      'SECURITY_CONTACT_UNCHANGED',
    );

    const second = uniqueMobile();
    await askCode(m, '/wps/member/security/mobile/code', { countryDialingCode: '63', mobileNum: second });
    const code2 = (await latestOutboxCode(t.ctx.db, `+63${second}`)) ?? '';
    expect((await bindMobile(m, second, code2)).statusCode).toBe(200);
    expect((await outboxTo(`+63${first}`)).at(-1)?.text).toMatch(/mobile number of your account was changed/);
    expect((await outboxTo(`+63${second}`)).at(-1)?.text).toMatch(/mobile number of your account was changed/);
    const row = await t.ctx.db
      .selectFrom('members')
      .select('mobile_num')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.mobile_num).toBe(second);
    expect(await auditEvents(m.id)).toContainEqual({ event: 'mobile.bind', success: true });
  });

  it('refuses a number another member holds, and a code asked for by someone else', async () => {
    const taken = uniqueMobile();
    await createMember(t.ctx, { mobileNum: taken });
    const m = await memberWithSession();
    expectFailure(
      await askCode(m, '/wps/member/security/mobile/code', { countryDialingCode: '63', mobileNum: taken }),
      409,
      'ACCOUNT_MOBILE_TAKEN',
    );

    const free = uniqueMobile();
    const other = await memberWithSession();
    await askCode(other, '/wps/member/security/mobile/code', { countryDialingCode: '63', mobileNum: free });
    const code = (await latestOutboxCode(t.ctx.db, `+63${free}`)) ?? '';
    expectFailure(await bindMobile(m, free, code), 400, 'SMS_CODE_INVALID');
    const row = await t.ctx.db
      .selectFrom('members')
      .select('mobile_num')
      .where('id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.mobile_num).toBeNull();
  });

  it('binds and changes the email with a mailed code; the old address is told', async () => {
    const m = await memberWithSession();
    const bind = (email: string, code: string) =>
      send(m, 'POST', '/wps/member/security/email', { email, verificationCode: code, loginPassword: m.password });
    expectFailure(
      await askCode(m, '/wps/member/security/email/code', { email: 'not-an-email' }),
      400,
      'SECURITY_EMAIL_INVALID',
    );
    const first = `${uniqueUsername()}@example.com`;
    expect((await askCode(m, '/wps/member/security/email/code', { email: first })).statusCode).toBe(200);
    // Codes are one a second per address (spec §9 for SMS, the same for mail).
    expectFailure(await askCode(m, '/wps/member/security/email/code', { email: first }), 429, 'RATE_LIMITED');
    const code = (await latestOutboxCode(t.ctx.db, first)) ?? '';
    expectFailure(await bind(`x${first}`, code), 400, 'SMS_CODE_INVALID');
    expect((await bind(first, code)).statusCode).toBe(200);
    expect(await securityOf(m)).toMatchObject({ emailBound: true, email: `${first[0]}***@example.com` });

    const second = `${uniqueUsername()}@example.com`;
    await askCode(m, '/wps/member/security/email/code', { email: second });
    expect((await bind(second, (await latestOutboxCode(t.ctx.db, second)) ?? '')).statusCode).toBe(200);
    expect((await outboxTo(first)).at(-1)?.text).toMatch(/email address of your account was changed/);
    expect((await outboxTo(second)).at(-1)?.text).toMatch(/email address of your account was changed/);
    expect(await auditEvents(m.id)).toContainEqual({ event: 'email.bind', success: true });
  });
});

// issue "Done when": a member who registered without a payment password sets one, binds a bank
// account, has it confirmed, withdraws, and sees the withdrawal paid.
describe('from registration to a paid withdrawal', () => {
  beforeEach(async () => {
    await useTestRules(t.ctx.db);
    await useSwitches(t.ctx.db, {
      USERNAMEREG3: true,
      MOBILENUMREG3: true,
      REGMOBVERF3: false,
      MOBILENUMPASSREG3: true,
    });
  });

  it('walks every step over HTTP', async () => {
    const username = uniqueUsername();
    const registered = await injectEncrypted(t.app, {
      method: 'PUT',
      url: '/wps/member/register',
      remoteAddress: nextIp(),
      body: {
        username,
        password: 'Secret@123',
        confirmPassword: 'Secret@123',
        payeeName: 'Maria Santos',
        ageConfirmed: true,
        termsAccepted: true,
        privacyAccepted: true,
        login: true,
        registerMethod: 'WEB',
      },
    });
    expect(registered.statusCode).toBe(200);
    const m: Member = { id: 0, token: registered.json().value.token, password: 'Secret@123' };
    expect((await call(t, 'GET', '/wps/member/info', m.token)).json().value.hasPaymentPassword).toBe(false);
    m.id = (await call(t, 'GET', '/wps/member/info', m.token)).json().value.id;
    await fund(t, m.id, 300_000);

    const withdraw = (paymentPassword: string, bankAccountId: number) =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/cashier/withdraw',
        token: m.token,
        body: { bankAccountId, amount: 500, paymentPassword, requestId: `req-${username}-${paymentPassword}` },
      });
    expectFailure(await withdraw('246810', 1), 422, 'PAYMENT_PASSWORD_NOT_SET');

    expect((await setFirst(m, {})).statusCode).toBe(200);
    const bank = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
      bankName: 'BDO',
      accountName: 'Maria Santos',
      accountNumber: '0012345678',
    });
    expect(bank.statusCode).toBe(200);
    const accountId = bank.json().value.id as number;
    expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, operator)).statusCode).toBe(200);

    const order = await withdraw('246810', accountId);
    expect(order.statusCode).toBe(200);
    const reference = order.json().value.reference as string;
    expect((await call(t, 'POST', `/admin/cashier/withdrawals/${reference}/approve`, operator)).statusCode).toBe(200);
    const paid = await call(
      t,
      'POST',
      `/admin/cashier/withdrawals/${reference}/paid`,
      operator,
      payoutOf(await payingAccount(t)),
    );
    expect(paid.statusCode).toBe(200);

    const mine = (await call(t, 'GET', '/wps/cashier/withdrawals', m.token)).json().value.content;
    expect(mine[0]).toMatchObject({ reference, status: 'paid', amount: 500 });
  });
});
