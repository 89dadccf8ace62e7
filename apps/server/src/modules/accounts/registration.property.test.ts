import { REGISTRATION_RULE_FIELDS } from '@gamehall/shared/api/registration';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { countRows, nextIp, uniqueUsername, useSwitches, useTestRules } from '../../test/registration-setup';
import { setBrandSetting } from '../brand/brand.service';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  await useTestRules(t.ctx.db);
  await useSwitches(t.ctx.db, { USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: false, MOBILENUMPASSREG3: true });
});
afterAll(() => t.close());

const FIELDS = [
  ...REGISTRATION_RULE_FIELDS,
  'countryDialingCode',
  'domain',
  'registerUrl',
  'registerMethod',
  'login',
  'ageConfirmed',
  'termsAccepted',
  'privacyAccepted',
  'challenge',
  'firebaseChannel',
  'firebaseIdToken',
  'unknownField',
  'constructor',
  '__proto__',
];

// Anything a client, a fuzzer or a broken form could put in a field.
const anyValue = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
  fc.constantFrom(
    '',
    ' ',
    'Secret@123',
    '9171234567',
    'a@b.co',
    '1990-01-01',
    '用户名',
    '김민준',
    'สมชาย',
    'ﾔﾏﾀﾞ',
    '😀',
  ),
  fc.string({ minLength: 300, maxLength: 3000 }),
  fc.constantFrom('x'.repeat(20_000), '用'.repeat(8_000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

const payloads = fc.record({
  /** Start from a valid payload (some runs should get through) or from nothing. */
  fromValid: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  overrides: fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 4 }) },
  ),
  removed: fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 1, arbitrary: fc.subarray(['username', 'password', 'confirmPassword', 'ageConfirmed', 'termsAccepted']) },
  ),
  /** Well-formed values the business rules refuse: a username taken after its first use, unknown codes, age. */
  business: fc.constantFrom(
    {},
    {},
    { username: 'Collide01' },
    { affiliateCode: 'NOPE1234' },
    { referralCode: 'ZZZZ9999' },
    { recommenderId: '999999999' },
    { birthday: '2020-01-01' },
    { mobileNum: '12345', countryDialingCode: '63' },
  ),
  mobile: fc.boolean(),
  /** Now and then the whole body is not an object at all. */
  notAnObject: fc.oneof(
    { weight: 12, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.oneof(fc.constant(null), fc.integer(), fc.string(), fc.array(fc.integer())) },
  ),
});

describe('registration under random payloads', () => {
  it('never answers 5xx and stores nothing when it refuses', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(payloads, async (p) => {
        const body: Record<string, unknown> = p.fromValid
          ? {
              username: uniqueUsername('p'),
              password: 'Secret@123',
              confirmPassword: 'Secret@123',
              mobileNum: p.mobile ? `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}` : undefined,
              countryDialingCode: '63',
              ageConfirmed: true,
              termsAccepted: true,
              privacyAccepted: true,
            }
          : {};
        for (const key of p.removed) delete body[key];
        Object.assign(body, p.business);
        for (const [key, value] of Object.entries(p.overrides)) body[key] = value;
        const sent = p.notAnObject === undefined ? body : p.notAnObject;

        const members = await countRows(t.ctx.db, 'members');
        const sessions = await countRows(t.ctx.db, 'sessions');
        const res = await injectEncrypted(t.app, {
          method: 'PUT',
          url: p.mobile ? '/wps/member/register/mobile' : '/wps/member/register',
          body: sent,
          remoteAddress: nextIp(),
        });
        expect(res.statusCode, res.body).toBeLessThan(500);
        const json = res.json();
        if (res.statusCode === 200) {
          accepted++;
          expect(json.value.token).toEqual(expect.any(String));
          expect(await countRows(t.ctx.db, 'members')).toBe(members + 1);
        } else {
          expect(json).toMatchObject({ success: false, code: expect.any(String) });
          expect(await countRows(t.ctx.db, 'members')).toBe(members);
          expect(await countRows(t.ctx.db, 'sessions')).toBe(sessions);
        }
      }),
      { numRuns: 60 },
    );
    // The generator is not so hostile that nothing ever gets through.
    expect(accepted).toBeGreaterThan(0);
  });
});
