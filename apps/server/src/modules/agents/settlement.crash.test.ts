import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand } from '../brand/brand.service';
import { verifyLedger } from '../ledger/ledger.service';
import { settleContracts, windowOf } from './settlement.service';

// docs/agents.md "Settlement": a settlement process killed with SIGKILL half-way, then run again,
// pays every statement exactly once. Needs PostgreSQL (two processes on one database).
const adminUrl = process.env.TEST_DATABASE_URL;
const AGENTS = 3000;
const RATE_PPM = 10_000;
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

describe.skipIf(!adminUrl)('settlement killed half-way', { tags: ['postgres'] }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ensureVendorIntegrations(t.ctx);
  });
  afterAll(() => t?.close());

  it('pays each statement once after a SIGKILL and a rerun', async () => {
    const brand = await getBrand(t.ctx.db);
    const w = windowOf('hourly', new Date(t.ctx.now().getTime() - 3 * 3600_000), brand.timeZone);
    const template = await createMember(t.ctx, { type: 1 });
    const cols = (
      await sql<{ c: string }>`
        SELECT column_name AS c FROM information_schema.columns
         WHERE table_name = 'members' AND table_schema = current_schema()
           AND column_name NOT IN ('id', 'username', 'referral_code', 'upline_id', 'type')
           AND is_generated = 'NEVER'`.execute(t.ctx.db)
    ).rows.map((r) => sql.ref(r.c));
    const list = sql.join(cols);
    // AGENTS top agents, each with one member under it that bet i * 100 in the window.
    await sql`
      INSERT INTO members (username, referral_code, upline_id, type, ${list})
      SELECT 'crashtop' || g, 'CT' || g, NULL, 1, ${list} FROM members, generate_series(1, ${AGENTS}) g
       WHERE members.id = ${template.id}`.execute(t.ctx.db);
    await sql`
      INSERT INTO members (username, referral_code, upline_id, type, ${list})
      SELECT 'crashmem' || g, 'CM' || g, (SELECT id FROM members WHERE username = 'crashtop' || g), 0, ${list}
        FROM members, generate_series(1, ${AGENTS}) g WHERE members.id = ${template.id}`.execute(t.ctx.db);
    const game = await t.ctx.db
      .selectFrom('games')
      .select(['node_id', 'vendor_code', 'game_code', 'game_type'])
      .executeTakeFirstOrThrow();
    const at = new Date(w.start.getTime() + 60_000);
    await sql`
      INSERT INTO vendor_rounds (vendor_code, round_id, member_id, node_id, game_code, game_type, currency, bet_amount, win_amount, status, created_at, closed_at)
      SELECT ${game.vendor_code}, 'crash-' || g, m.id, ${game.node_id}, ${game.game_code}, ${game.game_type}, ${brand.currency},
             g * 100, 0, 'closed', ${at}, ${at}
        FROM generate_series(1, ${AGENTS}) g JOIN members m ON m.username = 'crashmem' || g`.execute(t.ctx.db);
    await sql`
      INSERT INTO contracts (kind, period, tiers, rate_ppm, upline_id, holder_id, status, created_at, accepted_at, settled_until, updated_at)
      SELECT 'hourly_salary', 'hourly', ${JSON.stringify([{ minValidBet: 0, minActiveMembers: 0, ratePpm: RATE_PPM }])}::jsonb,
             ${RATE_PPM}, NULL, m.id, 'active', ${w.start}, ${w.start}, ${w.start}, ${w.start}
        FROM members m WHERE m.username LIKE 'crashtop%'`.execute(t.ctx.db);

    const statements = async () =>
      Number(
        (
          await sql<{ n: string }>`SELECT count(*) AS n FROM contract_statements s JOIN members m ON m.id = s.holder_id
                                    WHERE m.username LIKE 'crashtop%'`.execute(t.ctx.db)
        ).rows[0]?.n,
      );
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/test/settlement-crash-child.ts'], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, CRASH_DATABASE_URL: t.ctx.config.databaseUrl as string },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // Kill it once some batches have committed and before all have.
    let atKill = 0;
    const deadline = Date.now() + 180_000;
    while (Date.now() < deadline) {
      atKill = await statements();
      if (atKill > 0) break;
      if (out.includes('done') || child.exitCode !== null) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await exited;
    expect(out, out).not.toContain('done');
    expect(atKill, out).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(AGENTS);

    await settleContracts(t.ctx, [{ kind: 'hourly_salary', period: 'hourly' }]);
    await settleContracts(t.ctx, [{ kind: 'hourly_salary', period: 'hourly' }]);
    expect(await statements()).toBe(AGENTS);
    const paid = await sql<{ holders: string; postings: string; wrong: string }>`
      SELECT count(DISTINCT s.holder_id) AS holders,
             (SELECT count(*) FROM ledger_postings p WHERE p.type = 'commission.hourly_salary'
                AND p.idempotency_key LIKE 'contract:%') AS postings,
             count(*) FILTER (WHERE s.amount <> (r.bet_amount * ${RATE_PPM}) / 1000000) AS wrong
        FROM contract_statements s
        JOIN members m ON m.id = s.holder_id AND m.username LIKE 'crashtop%'
        JOIN members d ON d.upline_id = s.holder_id
        JOIN vendor_rounds r ON r.member_id = d.id`.execute(t.ctx.db);
    const p = paid.rows[0];
    expect([Number(p?.holders), Number(p?.postings), Number(p?.wrong)]).toEqual([AGENTS, AGENTS, 0]);
    // Every agent's cash is exactly its one statement.
    const off = await sql<{ n: string }>`
      SELECT count(*) AS n FROM contract_statements s
        JOIN ledger_accounts a ON a.code = 'member:' || s.holder_id || ':cash:' || ${brand.currency}
       WHERE s.amount <> a.balance`.execute(t.ctx.db);
    expect(Number(off.rows[0]?.n)).toBe(0);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  }, 300_000);
});
