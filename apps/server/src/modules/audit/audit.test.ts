import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, expectFailure } from '../cashier/cashier.fixtures';

let t: TestApp;
let root: string;

beforeAll(async () => {
  t = await createTestApp();
  root = await adminToken(t.app);
});
afterAll(() => t.close());

const { member: memberWithSession, operator } = actors(() => t, createMember);

function send(
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | undefined,
  payload?: unknown,
  remoteAddress = '10.13.0.1',
) {
  return t.app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...(token ? { authorization: token } : {}), 'user-agent': 'audit-test' },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}
type Entry = {
  id: number;
  time: string;
  actor: { id: number | null; username: string | null };
  operator: boolean;
  action: string;
  target: string | null;
  success: boolean;
  ip: string | null;
  userAgent: string | null;
  before: unknown;
  after: unknown;
  detail: Record<string, unknown>;
};
async function trail(query: string, token = root) {
  const res = await send('GET', `/admin/audit?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { list: Entry[]; total: number; pageNo: number; pageSize: number };
}

describe('GET /admin/audit', () => {
  it('lists operator writes newest first with operator, IP, time, target and before/after values', async () => {
    const writer = await operator(['site.write']);
    const before = new Date().toISOString();
    const { enabled: original } = await t.ctx.db
      .selectFrom('whitelabel_switches')
      .select('enabled')
      .where('mod_id', '=', 'COMM3')
      .executeTakeFirstOrThrow();
    for (const enabled of [!original, original])
      expect(
        (await send('PUT', '/admin/brand/switches/COMM3', writer.token, { enabled }, '10.13.0.7')).statusCode,
      ).toBe(200);
    // Refused: a setting of the wrong type. Recorded as a failure with its code, nothing changed.
    expectFailure(
      await send('PUT', '/admin/brand/settings/minAge', writer.token, { value: 'old' }, '10.13.0.7'),
      400,
      'VALIDATION_FAILED',
    );
    const page = await trail(`operator=${writer.username.toUpperCase()}`);
    expect(page.total).toBe(3);
    expect(page.list.map((e) => [e.action, e.success])).toEqual([
      ['brand.setting', false],
      ['brand.switch', true],
      ['brand.switch', true],
    ]);
    const [refused, on, off] = page.list as [Entry, Entry, Entry];
    expect(off).toMatchObject({
      actor: { id: writer.id, username: writer.username },
      operator: true,
      target: 'COMM3',
      ip: '10.13.0.7',
      userAgent: 'audit-test',
      before: original,
      after: !original,
      detail: { modId: 'COMM3' },
    });
    expect(on).toMatchObject({ before: !original, after: original });
    expect(refused).toMatchObject({
      target: 'minAge',
      before: null,
      after: null,
      detail: { code: 'VALIDATION_FAILED' },
    });
    expect(Date.parse(off.time)).toBeGreaterThanOrEqual(Date.parse(before) - 1000);
  });

  it('filters by action (exact or prefix*), target, success and dates, and pages', async () => {
    const writer = await operator(['site.write']);
    for (const enabled of [false, true, false, true])
      await send('PUT', '/admin/brand/switches/COMM3', writer.token, { enabled });
    await send('PUT', '/admin/brand/settings/minAge', writer.token, { value: 18 });
    const mine = `operator=${writer.username}`;
    expect((await trail(`${mine}&action=brand.switch`)).total).toBe(4);
    expect((await trail(`${mine}&action=brand.*`)).total).toBe(5);
    expect((await trail(`${mine}&action=brand`)).total).toBe(0);
    expect((await trail(`${mine}&target=minAge`)).list.map((e) => e.action)).toEqual(['brand.setting']);
    expect((await trail(`${mine}&success=false`)).total).toBe(0);
    const paged = await trail(`${mine}&pageSize=2&pageNo=2`);
    expect(paged).toMatchObject({ total: 5, pageNo: 2, pageSize: 2 });
    const all = await trail(`${mine}&pageSize=200`);
    expect(paged.list.map((e) => e.id)).toEqual(all.list.slice(2, 4).map((e) => e.id));
    expect(all.list.map((e) => e.id)).toEqual([...all.list.map((e) => e.id)].sort((a, b) => b - a));
    const oldestFirst = await trail(`${mine}&order=asc&pageSize=200`);
    expect(oldestFirst.list.map((e) => e.id)).toEqual([...all.list.map((e) => e.id)].reverse());

    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await trail(`${mine}&from=${yesterday}&to=${tomorrow}`)).total).toBe(5);
    expect((await trail(`${mine}&from=${tomorrow}`)).total).toBe(0);
    expect(
      (await trail(`${mine}&to=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`)).total,
    ).toBe(0);
    for (const bad of ['from=yesterday', 'pageSize=500', 'order=up', 'action=a%20b', 'sort=username'])
      expectFailure(await send('GET', `/admin/audit?${bad}`, root), 400, 'VALIDATION_FAILED');
  });

  it('lists member events only when asked for every actor', async () => {
    const m = await memberWithSession();
    await t.ctx.db
      .insertInto('audit_log')
      .values({ member_id: m.id, username: m.username, event: 'login', success: true, ip: '10.13.0.9', detail: '{}' })
      .execute();
    expect((await trail(`operator=${m.username}`)).total).toBe(0);
    const all = await trail(`operator=${m.username}&actor=all`);
    expect(all.list).toMatchObject([{ action: 'login', operator: false, actor: { id: m.id } }]);
  });

  it('needs audit.read', async () => {
    const analyst = await operator(['audit.read']);
    expect((await send('GET', '/admin/audit', analyst.token)).statusCode).toBe(200);
    const cashier = await operator(['cashier.read', 'cashier.approve']);
    expectFailure(await send('GET', '/admin/audit', cashier.token), 403, 'AUTH_FORBIDDEN');
    const m = await memberWithSession();
    expectFailure(await send('GET', '/admin/audit', m.token), 403, 'AUTH_FORBIDDEN');
    expectFailure(await send('GET', '/admin/audit', undefined), 401, 'AUTH_REQUIRED');
  });
});

describe('audit rows', () => {
  it('cannot be changed, deleted or truncated, by anyone with database access', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const rows = await count();
    expect(rows).toBeGreaterThan(0);
    const first = await t.ctx.db
      .selectFrom('audit_log')
      .select(['id', 'event'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expect(
      t.ctx.db.updateTable('audit_log').set({ event: 'tampered' }).where('id', '=', first.id).execute(),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(t.ctx.db.deleteFrom('audit_log').where('id', '=', first.id).execute()).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    await expect(sql`TRUNCATE audit_log`.execute(t.ctx.db)).rejects.toThrow(/cannot be changed or deleted/);
    // Inside a transaction too: the whole transaction fails.
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('audit_log').execute();
      }),
    ).rejects.toThrow(/cannot be changed or deleted/);
    expect(await count()).toBe(rows);
    const again = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(again.event).toBe(first.event);
    // Writing new rows still works.
    await t.ctx.db.insertInto('audit_log').values({ event: 'probe', success: true, detail: '{}' }).execute();
    expect(await count()).toBe(rows + 1);
  });
});
