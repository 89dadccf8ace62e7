import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, call } from '../cashier/cashier.fixtures';
import { backfillStep, runBackfill } from './risk.service';

// The links backfill (docs/risk.md "Backfill"): members who existed before the risk consumer (no
// identity keys) are linked by a run the operator starts, in batches the job walks; a second run
// adds nothing, and a run already in progress is answered, not doubled.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const { operator } = actors(() => t, createMember);

/** A member as the platform held it before the risk module: a bank account bound, no identity keys. */
async function oldMember(accountNumber: string, accountName: string) {
  const m = await createMember(t.ctx);
  await t.ctx.db
    .insertInto('member_bank_accounts')
    .values({
      member_id: m.id,
      bank_name: 'BPI',
      account_name: accountName,
      account_number: accountNumber,
      confirmed_by: null,
      confirmed_at: null,
    })
    .execute();
  return m;
}

function linksBetween(a: number, b: number) {
  return t.ctx.db
    .selectFrom('risk_links')
    .select(['kind', 'status'])
    .where('member_id', '=', Math.min(a, b))
    .where('other_id', '=', Math.max(a, b))
    .orderBy('kind')
    .execute();
}

async function allLinks() {
  return (await t.ctx.db.selectFrom('risk_links').select('id').execute()).length;
}

async function runToEnd() {
  // Small batches, so the run takes several of them and resumes from its cursor each time.
  let steps = 0;
  while (await backfillStep(t.ctx, 3)) steps++;
  return steps;
}

describe('risk links backfill', () => {
  it('links two old members sharing a bank account; a second run adds nothing', async () => {
    const digits = String(Math.floor(Math.random() * 1e10)).padStart(10, '7');
    const a = await oldMember(`${digits.slice(0, 4)}-${digits.slice(4)}`, `Ana ${randomBytes(3).toString('hex')}`);
    const b = await oldMember(`${digits.slice(0, 4)} ${digits.slice(4)}`, `Ben ${randomBytes(3).toString('hex')}`);
    expect(await linksBetween(a.id, b.id)).toEqual([]);

    const idle = await call(t, 'GET', '/admin/risk/backfill', admin);
    expect(idle.statusCode, idle.body).toBe(200);

    const started = await call(t, 'POST', '/admin/risk/backfill', admin);
    expect(started.statusCode, started.body).toBe(200);
    const run = started.json().value.run;
    expect(run).toMatchObject({ status: 'running', membersDone: 0, linksAdded: 0 });
    expect(run.membersTotal).toBeGreaterThanOrEqual(2);
    // Pressing again while it runs answers the same run.
    const again = await call(t, 'POST', '/admin/risk/backfill', admin);
    expect(again.json().value.run.id).toBe(run.id);

    const steps = await runToEnd();
    expect(steps).toBeGreaterThan(1);
    // The factory's members share a sign-in address too, which may link them by IP as well.
    const linked = await linksBetween(a.id, b.id);
    expect(linked).toContainEqual({ kind: 'bank_account', status: 'pending' });
    const done = (await call(t, 'GET', '/admin/risk/backfill', admin)).json().value.run;
    expect(done).toMatchObject({ id: run.id, status: 'done', membersDone: run.membersTotal });
    expect(done.linksAdded).toBeGreaterThanOrEqual(1);
    expect(done.finishedAt).not.toBeNull();

    const links = await allLinks();
    const keys = (await t.ctx.db.selectFrom('risk_identity_keys').select('member_id').execute()).length;
    const second = (await call(t, 'POST', '/admin/risk/backfill', admin)).json().value.run;
    expect(second.id).not.toBe(run.id);
    await runBackfill(t.ctx, 60_000);
    const after = (await call(t, 'GET', '/admin/risk/backfill', admin)).json().value.run;
    expect(after).toMatchObject({ id: second.id, status: 'done', keysAdded: 0, linksAdded: 0 });
    expect(await allLinks()).toBe(links);
    expect((await t.ctx.db.selectFrom('risk_identity_keys').select('member_id').execute()).length).toBe(keys);
    expect(await linksBetween(a.id, b.id)).toEqual(linked);
  });

  it('a run stops between batches and resumes from its cursor', async () => {
    const digits = String(Math.floor(Math.random() * 1e10)).padStart(10, '5');
    const a = await oldMember(digits, 'Cara Santos');
    const first = (await call(t, 'POST', '/admin/risk/backfill', admin)).json().value.run;
    expect(await backfillStep(t.ctx, 1)).toBe(true);
    const part = await t.ctx.db.selectFrom('risk_backfills').selectAll().where('id', '=', first.id).executeTakeFirst();
    expect(part).toMatchObject({ status: 'running' });
    expect(Number(part?.members_done)).toBe(1);
    // A member who arrives later than the run's start is the consumer's, not the run's.
    const late = await oldMember(digits, 'Cara Santos');
    await runToEnd();
    const end = await t.ctx.db.selectFrom('risk_backfills').selectAll().where('id', '=', first.id).executeTakeFirst();
    expect(end).toMatchObject({ status: 'done' });
    expect(Number(end?.members_done)).toBe(Number(end?.members_total));
    expect(Number(end?.last_member_id)).toBeLessThan(late.id);
    expect(
      await t.ctx.db.selectFrom('risk_identity_keys').select('kind').where('member_id', '=', a.id).execute(),
    ).not.toEqual([]);
  });

  it('needs risk.read to watch and risk.write to start', async () => {
    const reader = await operator(['risk.read']);
    expect((await call(t, 'GET', '/admin/risk/backfill', reader.token)).statusCode).toBe(200);
    expect((await call(t, 'POST', '/admin/risk/backfill', reader.token)).statusCode).toBe(403);
    const outsider = await operator(['members.read']);
    expect((await call(t, 'GET', '/admin/risk/backfill', outsider.token)).statusCode).toBe(403);
  });
});
