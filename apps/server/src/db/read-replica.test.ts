// postgres: read-only replica pool
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../modules/accounts/sessions.service';
import { adminToken } from '../test/admin-session';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

// DATABASE_READ_URL (docs/scaling.md "Read replica"): on PostgreSQL the app opens a read pool, here
// on the test database itself (a read-only pool is enough to prove what is routed where); every
// statement each pool runs is recorded, so a route's reads can be placed on one pool or the other.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: TestApp;
let admin: string;
const ran = { primary: [] as string[], replica: [] as string[] };

/** Records the text of every statement run by the pool's clients (each client wrapped once). */
function record(pool: pg.Pool, into: string[]) {
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string };
      into.push(typeof first === 'string' ? first : first.text);
      return query(...args);
    };
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { readReplica: true });
  admin = await adminToken(t.app);
  if (onPostgres) {
    const { pool, readPool } = t.ctx.database;
    if (!pool || !readPool) throw new Error('on PostgreSQL with a read URL both pools exist');
    record(pool, ran.primary);
    record(readPool, ran.replica);
  }
});
afterAll(() => t.close());

function get(url: string, token = admin) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: token } });
}

/**
 * The statements each pool ran for one request, which must answer 200. The operator's session is
 * read from the primary whenever its cache entry is missing or stale (a slow run passes its age),
 * joined with members: that read is authentication, not the request's report, so it is left out.
 */
async function routed(url: string, token = admin) {
  ran.primary.length = 0;
  ran.replica.length = 0;
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  const ownWork = ran.primary.filter((text) => !/\bfrom "sessions" inner join "members"/.test(text));
  return { primary: ownWork.join('\n'), replica: ran.replica.join('\n') };
}

describe.runIf(!onPostgres)('without a read URL (PGlite)', () => {
  it('readDb is db', () => {
    expect(t.ctx.readDb).toBe(t.ctx.db);
    expect(t.ctx.database.readDb).toBe(t.ctx.database.db);
    expect(t.ctx.database.readPool).toBeUndefined();
  });
});

describe.runIf(onPostgres)('with DATABASE_READ_URL (PostgreSQL)', { tags: ['postgres'] }, () => {
  it('opens a second pool whose sessions are read-only', async () => {
    expect(t.ctx.readDb).not.toBe(t.ctx.db);
    expect(t.ctx.database.readPool?.options.max).toBe(t.ctx.config.dbReadPoolSize);
    const show = async (db: typeof t.ctx.db) =>
      (await sql<{ default_transaction_read_only: string }>`SHOW default_transaction_read_only`.execute(db)).rows[0]
        ?.default_transaction_read_only;
    expect(await show(t.ctx.readDb)).toBe('on');
    expect(await show(t.ctx.db)).toBe('off');
  });

  it('refuses a write sent to the read pool, alone or in a transaction, and nothing is written', async () => {
    const before = await t.ctx.db
      .selectFrom('members')
      .select(t.ctx.db.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    await expect(
      t.ctx.readDb
        .insertInto('member_notes')
        .values({ member_id: 1, operator_username: 'admin', text: 'on the replica' })
        .execute(),
    ).rejects.toThrow(/read-only transaction/);
    await expect(
      t.ctx.readDb.transaction().execute((trx) => sql`UPDATE members SET nickname = 'replica'`.execute(trx)),
    ).rejects.toThrow(/read-only transaction/);
    await expect(createMember({ ...t.ctx, db: t.ctx.readDb })).rejects.toThrow(/read-only transaction/);
    const after = await t.ctx.db
      .selectFrom('members')
      .select(t.ctx.db.fn.countAll<string>().as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
    const notes = await t.ctx.db.selectFrom('member_notes').select('id').where('text', '=', 'on the replica').execute();
    expect(notes).toEqual([]);
    const renamed = await t.ctx.db.selectFrom('members').select('id').where('nickname', '=', 'replica').execute();
    expect(renamed).toEqual([]);
  });

  it('answers every report from the read pool', async () => {
    const range = 'from=2026-01-01&to=2026-01-31';
    for (const [url, table] of [
      [`/admin/reports/games?${range}&groupBy=day`, 'report_daily_game_types'],
      [`/admin/reports/cashier?${range}&groupBy=method`, 'report_daily_cashier'],
      [`/admin/reports/registrations?${range}&groupBy=day`, 'report_daily_totals'],
      [`/admin/games/reconciliation?from=2026-01-01`, 'vendor_transactions'],
      [`/admin/referrals/report?${range}`, 'referral_rewards'],
      [`/admin/tickets/report?${range}`, 'ticket_draws'],
      [`/admin/vip/rebate-report?${range}`, 'rebate'],
      [`/admin/promotions/costs?${range}`, 'promotions'],
      [`/admin/missions/costs?${range}`, 'missions'],
      ['/admin/protection/report?months=3', 'responsible'],
      ['/admin/audit?pageNo=1&pageSize=20', 'audit_log'],
      ['/admin/members?pageNo=1&pageSize=20', 'members'],
    ] as const) {
      const r = await routed(url);
      expect(r.replica, url).toContain(table);
      expect(r.primary, url).not.toContain(table);
    }
  });

  it("reads the dashboard's figures from the read pool and its pending work from the primary", async () => {
    const r = await routed('/admin/dashboard');
    expect(r.replica).toContain('report_daily_totals');
    expect(r.primary).not.toContain('report_daily_totals');
    expect(r.primary).toContain('FROM withdrawal_orders');
    expect(r.replica).not.toContain('FROM withdrawal_orders');
  });

  it("reads a member's ledger, rounds and logins from the read pool, their notes from the primary", async () => {
    const m = await createMember(t.ctx);
    for (const [tab, table] of [
      ['ledger', 'ledger_entries'],
      ['rounds', 'vendor_rounds'],
      ['logins', 'audit_log'],
    ] as const) {
      const r = await routed(`/admin/members/${m.id}/${tab}?pageNo=1&pageSize=20`);
      expect(r.replica, tab).toContain(table);
      expect(r.primary, tab).not.toContain(table);
    }
    const notes = await routed(`/admin/members/${m.id}/notes?pageNo=1&pageSize=20`);
    expect(notes.primary).toContain('member_notes');
    expect(notes.replica).toBe('');
  });

  it("reads the agent centre's figures and downline search from the read pool, the direct list from the primary", async () => {
    const agent = await createMember(t.ctx, { type: 1 });
    await createMember(t.ctx, { uplineId: agent.id });
    const token = await issueSession(t.ctx, t.ctx.db, {
      memberId: agent.id,
      area: 'member',
      ip: '127.0.0.1',
      userAgent: null,
    });
    const overview = await routed('/wps/agent/team/overview', token);
    expect(overview.replica).toContain('agent_team_days');
    expect(overview.primary).not.toContain('agent_team_days');
    const search = await routed('/wps/agent/downlines?scope=all&pageNo=1&pageSize=20', token);
    expect(search.replica).toContain('agent_tree');
    expect(search.primary).not.toContain('agent_tree');
    const direct = await routed('/wps/agent/downlines?pageNo=1&pageSize=20', token);
    expect(direct.primary).toContain('agent_tree');
    expect(direct.replica).toBe('');
  });
});
