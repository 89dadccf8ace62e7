import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { createPromotion } from '../../test/programmes';
import { uniqueUsername, useSwitches, useTestRules } from '../../test/registration-setup';
import { drainActivity } from '../activity/activity-bus';
import { actors } from '../cashier/cashier.fixtures';
import { promotionsConsumer } from './rewards.service';

// One bonus per person on the device (docs/rewards.md "Promotions"): the player site's X-Device-Id
// is stored hashed at registration and login, a member sharing a device with a member the promotion
// already rewarded is refused with the reason device, and the console's member page lists a member's
// devices with who shares them. Through HTTP.

let t: TestApp;
let admin: string;
let ipSeq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  await t.ctx.db.updateTable('promotions').set({ state: 'ended' }).execute();
});
afterAll(() => t.close());

const device = () => randomBytes(16).toString('hex');

/** A member of its own address (so only the device can be shared), signed in through HTTP. */
async function memberWith(deviceId: string | null) {
  const ip = `10.41.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
  const m = await createMember(t.ctx, { knownIps: [ip] });
  await t.ctx.db.updateTable('members').set({ register_ip: ip }).where('id', '=', m.id).execute();
  await loginWith(m, ip, deviceId);
  return m;
}

async function loginWith(m: { username: string; password: string }, ip: string, deviceId: string | null) {
  const res = await injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/session/login',
    body: { challenge: await solveChallenge(t.app), username: m.username, password: m.password, type: 'username' },
    remoteAddress: ip,
    headers: deviceId === null ? {} : { 'x-device-id': deviceId },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function rewardsOf(promotionId: number) {
  return t.ctx.db
    .selectFrom('rewards')
    .select('member_id')
    .where('promotion_id', '=', promotionId)
    .orderBy('id')
    .execute();
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');

/** Registers a member through the player site's registration with the given device id. */
async function registerWith(deviceId: string, ip: string) {
  const username = uniqueUsername('dev');
  const res = await injectEncrypted(t.app, {
    method: 'PUT',
    url: '/wps/member/register',
    body: {
      challenge: await solveChallenge(t.app),
      username,
      password: 'Secret@123',
      confirmPassword: 'Secret@123',
      ageConfirmed: true,
      termsAccepted: true,
      privacyAccepted: true,
      login: true,
      registerMethod: 'WEB',
    },
    remoteAddress: ip,
    headers: { 'x-device-id': deviceId },
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.ctx.db
    .selectFrom('members')
    .select(['id', 'username'])
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), username: row.username };
}

describe('one bonus per person: devices', () => {
  it('stores the device id hashed at login and refuses a member sharing a rewarded member’s device', async () => {
    const promotionId = await createPromotion(t, admin, {
      kind: 'fixed',
      rules: { trigger: 'login', amount: 5, payAs: 'cash', onePerPerson: true },
    });
    const shared = device();
    const first = await memberWith(shared);
    await drainActivity(t.ctx, promotionsConsumer);

    const stored = await t.ctx.db
      .selectFrom('member_devices')
      .select(['device_hash', 'ip'])
      .where('member_id', '=', first.id)
      .execute();
    expect(stored).toEqual([
      { device_hash: createHash('sha256').update(shared).digest('hex'), ip: expect.any(String) },
    ]);

    const sameDevice = await memberWith(shared);
    const otherDevice = await memberWith(device());
    // A malformed id is not recorded (and so shares nothing).
    const malformed = await memberWith('short');
    await drainActivity(t.ctx, promotionsConsumer);

    expect((await rewardsOf(promotionId)).map((r) => Number(r.member_id))).toEqual([
      first.id,
      otherDevice.id,
      malformed.id,
    ]);
    expect(
      await t.ctx.db.selectFrom('member_devices').select('member_id').where('member_id', '=', malformed.id).execute(),
    ).toEqual([]);
    const refusals = await t.app.inject({
      method: 'GET',
      url: `/admin/promotions/refusals?promotionId=${promotionId}`,
      headers: { authorization: admin },
    });
    expect(refusals.statusCode, refusals.body).toBe(200);
    expect(refusals.json().value.content).toMatchObject([
      { memberId: sameDevice.id, reason: 'device', otherMemberId: first.id, amount: 5 },
    ]);
  });
});

describe('devices at registration and on the console member page', () => {
  it('registration records the device; GET /admin/members/:id/devices lists it with the members sharing it', async () => {
    await useTestRules(t.ctx.db);
    await useSwitches(t.ctx.db, { USERNAMEREG3: true });
    const shared = device();
    const own = device();
    const registered = await registerWith(shared, '10.42.0.1');
    expect(
      await t.ctx.db
        .selectFrom('member_devices')
        .select(['device_hash', 'ip'])
        .where('member_id', '=', registered.id)
        .execute(),
    ).toEqual([{ device_hash: hashOf(shared), ip: '10.42.0.1' }]);

    // Later on: another member registers on the same device, the first signs in from a second one.
    t.advance(60_000);
    const other = await registerWith(shared, '10.42.0.2');
    t.advance(60_000);
    await loginWith({ username: registered.username, password: 'Secret@123' }, '10.42.0.3', own);

    const { operator } = actors(() => t, createMember);
    const reader = await operator(['members.read']);
    const nobody = await operator(['cashier.read']);
    const url = `/admin/members/${registered.id}/devices`;
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: reader.token } });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().value.list;
    // Last seen first: the sign-in device, then the shared registration device.
    expect(list).toEqual([
      {
        device: hashOf(own).slice(0, 12),
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
        lastIp: '10.42.0.3',
        sharedWith: 0,
        others: [],
      },
      {
        device: hashOf(shared).slice(0, 12),
        firstSeenAt: expect.any(String),
        lastSeenAt: expect.any(String),
        lastIp: '10.42.0.1',
        sharedWith: 1,
        others: [{ id: other.id, username: other.username }],
      },
    ]);
    expect(Date.parse(list[0].lastSeenAt)).toBeGreaterThan(Date.parse(list[1].lastSeenAt));
    // The hash is never sent whole.
    expect(res.body).not.toContain(hashOf(shared));

    const forbidden = await t.app.inject({ method: 'GET', url, headers: { authorization: nobody.token } });
    expect(forbidden.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: '/admin/members/999999999/devices',
      headers: { authorization: reader.token },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'MEMBER_NOT_FOUND' });
  });
});
