import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { setBrandSetting, setSwitch } from '../brand/brand.service';

// Whatever a client sends to the login, the answer is a 4xx envelope, never a 5xx, and no session
// comes of it.
let t: TestApp;
let member: { username: string; password: string };
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t.ctx, { mobileNum: '9171112233' });
  // Without the proof of work the payloads reach the credential and SMS code paths.
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  await t.ctx.db
    .insertInto('whitelabel_switches')
    .values({ mod_id: 'MOBILEVERCODELOGIN3', name: 'MOBILEVERCODELOGIN3', enabled: true })
    .onConflict((oc) => oc.column('mod_id').doUpdateSet({ enabled: true }))
    .execute();
  await setSwitch(t.ctx.db, 'MOBILEVERCODELOGIN3', true);
});
afterAll(() => t.close());

async function sessionCount() {
  const row = await t.ctx.db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const junk = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ minLength: 150, maxLength: 400 }),
  fc.string({ minLength: 10_000, maxLength: 40_000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

const junkPayload = fc.record(
  {
    username: fc.oneof(junk, fc.constant('__member__'), fc.constant('9171112233'), fc.constant('  ')),
    password: fc.oneof(junk, fc.constant('123456'), fc.constant('Secret@124')),
    captcha: junk,
    type: fc.oneof(fc.constantFrom('username', 'sms', 'SMS', ''), junk),
    challenge: junk,
    countryDialingCode: fc.oneof(fc.constantFrom('63', '+63', '84', '0', '99999'), junk),
    area: fc.oneof(fc.constantFrom('member', 'agent', 'admin'), junk),
    extra: junk,
  },
  { requiredKeys: [] },
);

// Well-typed payloads with random content reach the challenge, captcha, credential and SMS checks.
const text = (max: number) => fc.string({ minLength: 1, maxLength: max });
const plausiblePayload = fc.record(
  {
    username: fc.oneof(text(60), fc.constant('__member__'), fc.constant('9171112233'), fc.constant('09171112233')),
    password: fc.oneof(text(60), fc.stringMatching(/^\d{6}$/), fc.constant('Secret@124')),
    captcha: fc.string({ maxLength: 16 }),
    type: fc.constantFrom('username', 'sms'),
    challenge: fc.oneof(fc.string({ maxLength: 200 }), fc.base64String({ maxLength: 400 })),
    countryDialingCode: fc.oneof(fc.constantFrom('63', '+63', '84', '0'), fc.string({ maxLength: 8 })),
    area: fc.constantFrom('member', 'agent'),
  },
  { requiredKeys: ['username', 'password'] },
);

const payload = fc.oneof(junkPayload, plausiblePayload, plausiblePayload, plausiblePayload);

describe('login under arbitrary payloads', () => {
  it('never answers 5xx and never opens a session', async () => {
    const before = await sessionCount();
    await fc.assert(
      fc.asyncProperty(payload, async (body) => {
        run++;
        const sent = body.username === '__member__' ? { ...body, username: member.username } : body;
        const res = await injectEncrypted(t.app, {
          method: 'POST',
          url: '/wps/session/login',
          body: sent,
          remoteAddress: `10.50.${Math.floor(run / 250)}.${(run % 250) + 1}`,
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        const json = res.json();
        expect(json.success).toBe(false);
        expect(typeof json.code).toBe('string');
        expect(JSON.stringify(json)).not.toMatch(/stack|at \w+ \(/);
      }),
      { numRuns: 60 },
    );
    expect(await sessionCount()).toBe(before);
  });

  it('refuses any plaintext body with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json(), fc.string()), async (raw) => {
        run++;
        const res = await t.app.inject({
          method: 'POST',
          url: '/wps/session/login',
          payload: raw,
          headers: { 'content-type': 'application/json', encryption: 'JWE' },
          remoteAddress: `10.51.${Math.floor(run / 250)}.${(run % 250) + 1}`,
        });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});
