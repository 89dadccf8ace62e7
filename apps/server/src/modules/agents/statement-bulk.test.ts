// postgres: two bulk releases at once pay each statement once (row locks)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand } from '../brand/brand.service';
import { actors } from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { settleContracts, windowOf } from './settlement.service';

// Held statements in bulk (docs/agents.md "Holding"): many released in one request, each
// with its own posting and audit row; a retry or a second request at once pays nothing twice; an
// operator's hold keeps a statement back until it is taken off.

let t: TestApp;
let writer: string;
let writerName: string;
let reader: string;
let nodeId: number;
let tz: string;
let currency: string;
let threshold: number;
const HOUR = 3600_000;
const { operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  nodeId = (
    await t.ctx.db.selectFrom('games').select('node_id').where('status', '=', 'active').executeTakeFirstOrThrow()
  ).node_id;
  const brand = await getBrand(t.ctx.db);
  tz = brand.timeZone;
  currency = brand.currency;
  threshold = brand.agentPayoutHoldThreshold;
  const w = await operator(['agents.read', 'agents.write']);
  writer = w.token;
  writerName = w.username;
  reader = (await operator(['agents.read'])).token;
});
afterAll(() => t.close());

/** An agent paid 100% of its team's valid bets by the hour: one statement per hour with these bets. */
async function agentWithStatements(bets: number[]) {
  const top = await createMember(t.ctx, { type: 1 });
  const member = await createMember(t.ctx, { type: 0, uplineId: top.id });
  const first = windowOf('hourly', new Date(t.ctx.now().getTime() - (bets.length + 1) * HOUR), tz);
  const contract = await t.ctx.db
    .insertInto('contracts')
    .values({
      kind: 'hourly_salary',
      period: 'hourly',
      tiers: JSON.stringify([{ minValidBet: 0, minActiveMembers: 0, ratePpm: 1_000_000 }]),
      rate_ppm: 1_000_000,
      upline_id: null,
      holder_id: top.id,
      status: 'active',
      termination_requested_by: null,
      termination_requested_at: null,
      termination_reason: null,
      offered_by_operator: null,
      created_at: first.start,
      accepted_at: first.start,
      ended_at: null,
      ended_by: null,
      end_reason: null,
      settled_until: null,
      updated_at: first.start,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, bet] of bets.entries())
    await insertRound(t.ctx, { memberId: member.id, nodeId, bet, at: new Date(first.start.getTime() + i * HOUR + 10) });
  await settleContracts(t.ctx, [{ kind: 'hourly_salary', period: 'hourly' }]);
  const rows = await t.ctx.db
    .selectFrom('contract_statements')
    .select(['id', 'status'])
    .where('contract_id', '=', Number(contract.id))
    .orderBy('period_start')
    .execute();
  return { top, ids: rows.map((r) => Number(r.id)), statuses: rows.map((r) => r.status) };
}

const post = (url: string, payload: unknown, token = writer) =>
  t.app.inject({ method: 'POST', url, headers: { authorization: token }, payload: payload as Record<string, unknown> });
const cash = async (memberId: number) => Number((await balanceOf(t.ctx.db, memberId, currency)).balance);
const audits = (event: string, ids: number[]) =>
  t.ctx.db
    .selectFrom('audit_log')
    .select(['success', 'detail', 'username', 'operator'])
    .orderBy('id')
    .where('event', '=', event)
    .execute()
    .then((rows) =>
      rows.filter((r) => ids.map((id) => `statement:${id}`).includes((r.detail as { target?: string }).target ?? '')),
    );

describe('bulk release and hold of held statements', () => {
  it('releases many, each once and audited; a hold, a paid one and a missing one are answered per id', async () => {
    const { top, ids, statuses } = await agentWithStatements([threshold, threshold + 1, threshold + 2, 100]);
    expect(statuses).toEqual(['held', 'held', 'held', 'paid']);
    const [kept, a, b, paid] = ids as [number, number, number, number];
    expect(await cash(top.id)).toBe(100);

    const hold = await post('/admin/agents/statements/hold', { ids: [kept], note: 'team under review' });
    expect(hold.json().value).toEqual({
      results: [{ id: kept, ok: true, code: null, status: 'held' }],
      done: 1,
      failed: 0,
    });
    const grid = await t.app.inject({
      method: 'GET',
      url: `/admin/agents/statements?holder=${top.username}&status=held`,
      headers: { authorization: reader },
    });
    expect(grid.json().value.list.find((s: { id: number }) => s.id === kept).hold).toMatchObject({
      note: 'team under review',
    });
    // The single release refuses a statement kept on hold too.
    const single = await post(`/admin/agents/statements/${kept}/release`, {});
    expect(single.json().code).toBe('STATEMENT_ON_HOLD');

    const missing = 2_000_000_000;
    const body = { ids: [kept, a, b, paid, missing], note: 'weekly run' };
    const first = await post('/admin/agents/statements/release', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toEqual({
      results: [
        { id: kept, ok: false, code: 'STATEMENT_ON_HOLD', status: 'held' },
        { id: a, ok: true, code: null, status: 'paid' },
        { id: b, ok: true, code: null, status: 'paid' },
        { id: paid, ok: false, code: 'STATEMENT_NOT_HELD', status: 'paid' },
        { id: missing, ok: false, code: 'STATEMENT_NOT_FOUND', status: null },
      ],
      done: 2,
      failed: 3,
    });
    const afterFirst = 100 + (threshold + 1) + (threshold + 2);
    expect(await cash(top.id)).toBe(afterFirst);
    const rows = await audits('statement.release', [kept, a, b, paid, missing]);
    expect(rows.filter((r) => r.success)).toHaveLength(2);
    expect(rows.filter((r) => !r.success)).toHaveLength(4); // the single try and three in the bulk

    // The same request again pays nothing more.
    const retry = await post('/admin/agents/statements/release', body);
    expect(retry.json().value.done).toBe(0);
    expect(retry.json().value.results.map((r: { code: string }) => r.code)).toEqual([
      'STATEMENT_ON_HOLD',
      'STATEMENT_NOT_HELD',
      'STATEMENT_NOT_HELD',
      'STATEMENT_NOT_HELD',
      'STATEMENT_NOT_FOUND',
    ]);
    expect(await cash(top.id)).toBe(afterFirst);

    // Taken off hold, it can be released.
    const unhold = await post('/admin/agents/statements/unhold', { ids: [kept] });
    expect(unhold.json().value.done).toBe(1);
    expect((await post('/admin/agents/statements/release', { ids: [kept] })).json().value.done).toBe(1);
    expect(await cash(top.id)).toBe(afterFirst + threshold);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('two bulk releases of the same statements at once pay each once', { tags: ['postgres'] }, async () => {
    const { top, ids } = await agentWithStatements([threshold, threshold + 5]);
    const [one, two] = [
      post('/admin/agents/statements/release', { ids }),
      post('/admin/agents/statements/release', { ids: [...ids].reverse() }),
    ];
    const answers = (await Promise.all([one, two])).map((r) => r.json().value);
    expect(answers.reduce((n, v) => n + v.done, 0)).toBe(2);
    expect(
      answers.flatMap((v) => v.results.filter((r: { ok: boolean }) => !r.ok).map((r: { code: string }) => r.code)),
    ).toEqual(['STATEMENT_NOT_HELD', 'STATEMENT_NOT_HELD']);
    expect(await cash(top.id)).toBe(threshold + threshold + 5);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where(
        'reference',
        'in',
        ids.map((id) => `statement:${id}`),
      )
      .execute();
    expect(postings).toHaveLength(2);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });

  it('audits every hold and unhold per statement, one id or many, refusals included', async () => {
    const { ids } = await agentWithStatements([threshold, threshold + 1, threshold + 2, 100]);
    const [one, a, b, paid] = ids as [number, number, number, number];
    const missing = 2_000_000_001;

    // One statement.
    expect(
      (await post('/admin/agents/statements/hold', { ids: [one], note: 'check the team' })).json().value.done,
    ).toBe(1);
    expect(await audits('statement.hold', [one])).toEqual([
      {
        success: true,
        username: writerName,
        operator: true,
        detail: {
          target: `statement:${one}`,
          status: 'held',
          before: null,
          after: 'check the team',
          note: 'check the team',
          bulk: 1,
        },
      },
    ]);
    // Holding again replaces the note: the row keeps the one it replaced.
    await post('/admin/agents/statements/hold', { ids: [one], note: 'still checking' });
    expect((await audits('statement.hold', [one])).map((r) => r.detail)).toEqual([
      expect.objectContaining({ before: null, after: 'check the team' }),
      expect.objectContaining({ before: 'check the team', after: 'still checking', bulk: 1 }),
    ]);
    expect((await post('/admin/agents/statements/unhold', { ids: [one], note: 'cleared' })).json().value.done).toBe(1);
    expect(await audits('statement.unhold', [one])).toEqual([
      {
        success: true,
        username: writerName,
        operator: true,
        detail: {
          target: `statement:${one}`,
          status: 'held',
          before: 'still checking',
          after: null,
          note: 'cleared',
          bulk: 1,
        },
      },
    ]);

    // Many at once: a row per statement, the refused ones with their code.
    const many = [a, b, paid, missing];
    const held = await post('/admin/agents/statements/hold', { ids: many, note: 'month end' });
    expect(held.json().value).toMatchObject({ done: 2, failed: 2 });
    const holdRows = await audits('statement.hold', many);
    expect(holdRows.map((r) => [r.success, r.detail])).toEqual([
      [
        true,
        { target: `statement:${a}`, status: 'held', before: null, after: 'month end', note: 'month end', bulk: 4 },
      ],
      [
        true,
        { target: `statement:${b}`, status: 'held', before: null, after: 'month end', note: 'month end', bulk: 4 },
      ],
      [false, { target: `statement:${paid}`, code: 'STATEMENT_NOT_HELD' }],
      [false, { target: `statement:${missing}`, code: 'STATEMENT_NOT_FOUND' }],
    ]);
    expect(holdRows.every((r) => r.username === writerName && r.operator)).toBe(true);

    const unheld = await post('/admin/agents/statements/unhold', { ids: [a, b, missing] });
    expect(unheld.json().value).toMatchObject({ done: 2, failed: 1 });
    expect((await audits('statement.unhold', [a, b, missing])).map((r) => [r.success, r.detail])).toEqual([
      [true, { target: `statement:${a}`, status: 'held', before: 'month end', after: null, note: null, bulk: 3 }],
      [true, { target: `statement:${b}`, status: 'held', before: 'month end', after: null, note: null, bulk: 3 }],
      [false, { target: `statement:${missing}`, code: 'STATEMENT_NOT_FOUND' }],
    ]);

    // A reader's refused hold never reaches an action, so it leaves no row.
    expect((await post('/admin/agents/statements/hold', { ids: [a], note: 'x' }, reader)).statusCode).toBe(403);
    expect(await audits('statement.hold', [a])).toHaveLength(1);
  });

  it('refuses bad requests and readers, and changes nothing', async () => {
    const { top, ids } = await agentWithStatements([threshold]);
    const id = ids[0] as number;
    const bad = [
      { ids: [] },
      { ids: [id, id] },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      { ids: [id], extra: true },
    ];
    for (const body of bad)
      expect((await post('/admin/agents/statements/release', body)).json().code).toBe('VALIDATION_FAILED');
    expect((await post('/admin/agents/statements/hold', { ids: [id] })).json().code).toBe('VALIDATION_FAILED');
    expect((await post('/admin/agents/statements/hold', { ids: [id], note: ' ' })).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await post('/admin/agents/statements/release', { ids: [id] }, reader)).statusCode).toBe(403);
    expect((await post('/admin/agents/statements/hold', { ids: [id], note: 'x' }, reader)).statusCode).toBe(403);
    expect(await cash(top.id)).toBe(0);
    // A paid statement cannot be put on hold.
    expect((await post('/admin/agents/statements/release', { ids: [id] })).json().value.done).toBe(1);
    expect((await post('/admin/agents/statements/hold', { ids: [id], note: 'late' })).json().value.results).toEqual([
      { id, ok: false, code: 'STATEMENT_NOT_HELD', status: 'paid' },
    ]);
  });
});
