import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { loadTerms, loadTexts } from '../messages/message-texts';
import { statementPaidMessages } from './contract-messages';

// The agent's side of contracts through HTTP: the "My contracts" page's list and its
// termination request, the popup's preview of the auto-termination cascade, and the inbox message
// every agent concerned gets, in its own language, when a contract is offered, answered, ended
// (by agreement, by the operator, by the lower-rate rule and its cascade) or paid.

let t: TestApp;
let admin: string;
const texts = loadTexts();
const terms = loadTerms();

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  // Messages are told apart by the contract number they name (messagesOf). Small ids could also be
  // a day, a year part or a rate in another message's text ("Ended from: 26 Nov", "top rate 10%"),
  // so this file's contracts take numbers no date, time or rate of the texts can show.
  await sql`SELECT setval('contracts_id_seq', 7000000)`.execute(t.ctx.db);
});
afterAll(() => t.close());

type Account = { id: number; username: string; token: string; language: string };

async function account(type: number, uplineId: number | null, language: string): Promise<Account> {
  const m = await createMember(t.ctx, { type, uplineId });
  await t.ctx.db.updateTable('members').set({ language }).where('id', '=', m.id).execute();
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: type === 0 ? 'member' : 'agent',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { id: m.id, username: m.username, token, language };
}

function call(method: 'GET' | 'POST', url: string, token: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

const DIV = '/wps/relay/MCS2_processDividendReq';
const tier = (ratePpm: number) => ({ minValidBet: 0, minActiveMembers: 0, ratePpm });

async function ok<T = { id: number; status: string }>(res: Awaited<ReturnType<typeof call>>): Promise<T> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as T;
}

async function operatorOffer(agent: Account, ratePpm: number) {
  return ok(
    await call('POST', '/admin/agents/contracts', admin, {
      agentId: agent.id,
      kind: 'dividend',
      period: 'weekly',
      tiers: [tier(ratePpm)],
    }),
  );
}

async function offer(from: Account, to: Account, ratePpm: number) {
  return ok(
    await call('POST', DIV, from.token, {
      action: 'offer',
      downlineId: to.id,
      period: 'weekly',
      tiers: [tier(ratePpm)],
    }),
  );
}

async function act(who: Account, action: string, contractId: number, extra: Record<string, unknown> = {}) {
  return ok(await call('POST', DIV, who.token, { action, contractId, ...extra }));
}

type Message = { kind: string | null; title: string; content: string };

/** The member's inbox as it reads it (in its stored language), newest first. */
async function inbox(who: Account): Promise<Message[]> {
  return (await ok<{ content: Message[] }>(await call('GET', '/wps/messages?pageSize=100', who.token))).content;
}

/** The messages of a kind that name contract `id` (contract_ended says its number). */
async function messagesOf(who: Account, kind: string, mention?: string): Promise<Message[]> {
  const named = mention === undefined ? null : new RegExp(`\\b${mention}\\b`);
  return (await inbox(who)).filter((m) => m.kind === kind && (named === null || named.test(m.content)));
}

/** A message is in the reader's language: its title is that language's, and no code shows. */
function expectReadable(m: Message, who: Account, kind: string) {
  const own = texts[who.language]?.[kind as keyof (typeof texts)['EN']];
  expect(own, `${who.language} ${kind}`).toBeDefined();
  expect(m.title).toBe(own?.title);
  if (who.language !== 'EN') expect(m.title).not.toBe(texts.EN?.[kind as keyof (typeof texts)['EN']]?.title);
  for (const code of ['upline_rate_lowered', 'upline_contract_ended', 'dividend', '@operator', '{'])
    expect(m.content, `${kind} shows ${code}`).not.toContain(code);
}

async function statusOf(id: number) {
  return t.ctx.db
    .selectFrom('contracts')
    .select(['status', 'end_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('offer messages', () => {
  it('tells the holder of an offer who made it, what and at which rate, in its language; the upline hears the answer', async () => {
    const top = await account(1, null, 'DE');
    const sub = await account(2, top.id, 'FR');
    const sub2 = await account(2, top.id, 'JA');
    const own = await operatorOffer(top, 300_000);
    const [fromOperator] = await messagesOf(top, 'contract_offer_received');
    expect(fromOperator).toBeDefined();
    expectReadable(fromOperator as Message, top, 'contract_offer_received');
    expect(fromOperator?.content).toContain('30%');
    expect(fromOperator?.content).toContain(terms.DE?.['party.@operator']);
    await act(top, 'accept', own.id);
    // The operator has no inbox: accepting its offer tells nobody else.
    expect(await messagesOf(top, 'contract_accepted')).toHaveLength(0);

    const a = await offer(top, sub, 200_000);
    const b = await offer(top, sub2, 100_000);
    const [toSub] = await messagesOf(sub, 'contract_offer_received');
    expectReadable(toSub as Message, sub, 'contract_offer_received');
    expect(toSub?.content).toContain(top.username);
    expect(toSub?.content).toContain('Dividende');

    await act(sub, 'accept', a.id);
    await act(sub2, 'reject', b.id);
    const accepted = await messagesOf(top, 'contract_accepted', sub.username);
    expect(accepted).toHaveLength(1);
    expectReadable(accepted[0] as Message, top, 'contract_accepted');
    const rejected = await messagesOf(top, 'contract_rejected', sub2.username);
    expect(rejected).toHaveLength(1);
    expectReadable(rejected[0] as Message, top, 'contract_rejected');
    // The side that acted hears nothing of its own answer.
    expect(await messagesOf(sub, 'contract_accepted')).toHaveLength(0);
  });
});

type Preview = {
  contractId: number;
  ends: { level: number; reason: string; contract: { id: number; holder: { username: string }; ratePpm: number } }[];
};

describe('the auto-termination cascade', () => {
  it('previews which downline contracts an offer would end, by level, then ends exactly those and tells each holder and upline', async () => {
    const top = await account(1, null, 'EN');
    const sub = await account(2, top.id, 'DE');
    const mid = await account(2, sub.id, 'FR');
    const low = await account(2, sub.id, 'JA');
    const leaf = await account(2, mid.id, 'TY');
    await act(top, 'accept', (await operatorOffer(top, 300_000)).id);
    const subC = await offer(top, sub, 200_000);
    await act(sub, 'accept', subC.id);
    const midC = await offer(sub, mid, 150_000);
    await act(mid, 'accept', midC.id);
    const lowC = await offer(sub, low, 50_000);
    await act(low, 'accept', lowC.id);
    const leafC = await offer(mid, leaf, 120_000);
    await act(leaf, 'accept', leafC.id);

    // sub's contract ends by agreement (its own contracts stay), and top offers it a lower rate.
    await act(top, 'requestTermination', subC.id);
    await act(sub, 'acceptTermination', subC.id);
    expect((await statusOf(midC.id)).status).toBe('active');
    const lower = await offer(top, sub, 100_000);

    const preview = await ok<Preview>(await call('GET', `/wps/contracts/${lower.id}/cascade`, sub.token));
    expect(preview.contractId).toBe(lower.id);
    expect(preview.ends.map((e) => [e.level, e.reason, e.contract.id, e.contract.holder.username])).toEqual([
      [1, 'upline_rate_lowered', midC.id, mid.username],
      [2, 'upline_contract_ended', leafC.id, leaf.username],
    ]);
    // The preview changed nothing.
    expect((await statusOf(midC.id)).status).toBe('active');
    expect((await statusOf(leafC.id)).status).toBe('active');

    // Only the holder of an open offer may preview it.
    expect((await call('GET', `/wps/contracts/${lower.id}/cascade`, mid.token)).json().code).toBe('CONTRACT_NOT_FOUND');
    expect((await call('GET', `/wps/contracts/${midC.id}/cascade`, mid.token)).json().code).toBe(
      'CONTRACT_STATE_INVALID',
    );
    expect((await call('GET', '/wps/contracts/999999999/cascade', sub.token)).json().code).toBe('CONTRACT_NOT_FOUND');
    expect((await call('GET', `/wps/contracts/${lower.id}/cascade`, 'nobody')).statusCode).toBe(401);

    await act(sub, 'accept', lower.id);
    expect(await statusOf(midC.id)).toEqual({ status: 'terminated', end_reason: 'upline_rate_lowered' });
    expect(await statusOf(leafC.id)).toEqual({ status: 'terminated', end_reason: 'upline_contract_ended' });
    expect((await statusOf(lowC.id)).status).toBe('active');

    // Each agent concerned gets one message per contract that ended, in its language.
    const ended = async (who: Account, contractId: number) => {
      const list = await messagesOf(who, 'contract_ended', `${contractId}`);
      expect(list, `${who.username} on ${contractId}`).toHaveLength(1);
      expectReadable(list[0] as Message, who, 'contract_ended');
      return list[0] as Message;
    };
    const midHears = await ended(mid, midC.id);
    const subHears = await ended(sub, midC.id);
    const leafHears = await ended(leaf, leafC.id);
    await ended(mid, leafC.id);
    // Level 1 and level 2 give different reasons; the first names the other party.
    expect(midHears.content).toContain(sub.username);
    expect(subHears.content).toContain(mid.username);
    expect(leafHears.content).not.toBe(midHears.content);
    expect(await messagesOf(low, 'contract_ended')).toHaveLength(0);
    // sub's own agreed ending reached both of its sides too.
    await ended(sub, subC.id);
    const topHears = await messagesOf(top, 'contract_ended', `${subC.id}`);
    expect(topHears).toHaveLength(1);
  });
});

describe('the cascade preview says why each contract would end', () => {
  it('a dividend offer on another period ends the contracts given on the old one, the rate rule first', async () => {
    const top = await account(1, null, 'EN');
    const sub = await account(2, top.id, 'EN');
    const mid = await account(2, sub.id, 'EN');
    const low = await account(2, sub.id, 'EN');
    const leaf = await account(2, mid.id, 'EN');
    const topWeekly = await operatorOffer(top, 300_000);
    await act(top, 'accept', topWeekly.id);
    const subC = await offer(top, sub, 200_000);
    await act(sub, 'accept', subC.id);
    const midC = await offer(sub, mid, 150_000);
    await act(mid, 'accept', midC.id);
    const lowC = await offer(sub, low, 50_000);
    await act(low, 'accept', lowC.id);
    const leafC = await offer(mid, leaf, 120_000);
    await act(leaf, 'accept', leafC.id);

    // The operator moves top to daily dividends; sub's weekly contract ends by agreement, and top
    // offers sub a daily one at 10%: mid's 15% is above it, low's 5% is on the old period.
    await act(top, 'requestTermination', subC.id);
    await act(sub, 'acceptTermination', subC.id);
    await ok(
      await call('POST', `/admin/agents/contracts/${topWeekly.id}/terminate`, admin, { reason: 'daily from now on' }),
    );
    const topDaily = await ok(
      await call('POST', '/admin/agents/contracts', admin, {
        agentId: top.id,
        kind: 'dividend',
        period: 'daily',
        tiers: [tier(300_000)],
      }),
    );
    await act(top, 'accept', topDaily.id);
    const daily = await ok(
      await call('POST', DIV, top.token, {
        action: 'offer',
        downlineId: sub.id,
        period: 'daily',
        tiers: [tier(100_000)],
      }),
    );

    const preview = await ok<Preview>(await call('GET', `/wps/contracts/${daily.id}/cascade`, sub.token));
    expect(preview.ends.map((e) => [e.level, e.reason, e.contract.id])).toEqual([
      [1, 'upline_rate_lowered', midC.id],
      [1, 'upline_period_changed', lowC.id],
      [2, 'upline_contract_ended', leafC.id],
    ]);
    // The accept writes the reasons the preview gave.
    await act(sub, 'accept', daily.id);
    for (const e of preview.ends)
      expect(await statusOf(e.contract.id)).toEqual({ status: 'terminated', end_reason: e.reason });
  });
});

describe('endings by agreement and by the operator', () => {
  it('tells the other side of a termination request, and both sides of an ending, with the reason typed', async () => {
    const top = await account(1, null, 'EN');
    const sub = await account(2, top.id, 'ES');
    await act(top, 'accept', (await operatorOffer(top, 300_000)).id);
    const c = await offer(top, sub, 100_000);
    await act(sub, 'accept', c.id);
    await act(sub, 'requestTermination', c.id, { reason: 'Moving to another team' });
    const asked = await messagesOf(top, 'contract_termination_requested', sub.username);
    expect(asked).toHaveLength(1);
    expectReadable(asked[0] as Message, top, 'contract_termination_requested');
    await act(top, 'acceptTermination', c.id);
    for (const who of [top, sub]) {
      const [m] = await messagesOf(who, 'contract_ended', `${c.id}`);
      expect(m, who.username).toBeDefined();
      expectReadable(m as Message, who, 'contract_ended');
      expect(m?.content).toContain('Moving to another team');
    }

    const again = await offer(top, sub, 100_000);
    await act(sub, 'accept', again.id);
    const res = await call('POST', `/admin/agents/contracts/${again.id}/terminate`, admin, { reason: 'Audit finding' });
    expect(res.statusCode, res.body).toBe(200);
    for (const who of [top, sub]) {
      const list = await messagesOf(who, 'contract_ended', `${again.id}`);
      expect(list, who.username).toHaveLength(1);
      expect(list[0]?.content).toContain('Audit finding');
    }
  });
});

describe('My contracts', () => {
  it('lists the contracts held and given with carry-over and statements; a termination request shows its state', async () => {
    const top = await account(1, null, 'EN');
    const sub = await account(2, top.id, 'EN');
    const own = await operatorOffer(top, 300_000);
    await act(top, 'accept', own.id);
    const given = await offer(top, sub, 100_000);
    await act(sub, 'accept', given.id);
    await t.ctx.db.updateTable('contracts').set({ carry: -1234 }).where('id', '=', own.id).execute();
    const start = new Date('2026-01-05T00:00:00Z');
    for (const [i, status] of (['paid', 'held'] as const).entries())
      await t.ctx.db
        .insertInto('contract_statements')
        .values({
          contract_id: own.id,
          holder_id: top.id,
          kind: 'dividend',
          period_start: new Date(start.getTime() + i * 7 * 86_400_000),
          period_end: new Date(start.getTime() + (i + 1) * 7 * 86_400_000),
          valid_bets: 10_000,
          net_loss: 5_000,
          active_members: 1,
          rate_ppm: 300_000,
          gross: 1_500,
          carry_in: 0,
          amount: 1_500,
          carry_out: 0,
          status,
          posting_id: null,
          paid_at: null,
          released_by: null,
          created_at: new Date(),
        })
        .execute();

    type Mine = {
      id: number;
      status: string;
      carry: number;
      statementCount: number;
      paidTotal: number;
      statements: { status: string }[];
      terminationRequestedBy: string | null;
      upline: { username: string } | null;
      holder: { username: string };
    };
    const page = async () =>
      ok<{ held: Mine[]; given: Mine[]; timeZone: string }>(await call('GET', '/wps/agent/my-contracts', top.token));
    const v = await page();
    expect(v.timeZone).toBeTruthy();
    expect(v.held.map((c) => c.id)).toEqual([own.id]);
    expect(v.held[0]).toMatchObject({ upline: null, carry: -12.34, statementCount: 2, paidTotal: 15 });
    expect(v.held[0]?.statements.map((s) => s.status)).toEqual(['held', 'paid']);
    expect(v.given.map((c) => [c.id, c.holder.username, c.carry, c.statementCount])).toEqual([
      [given.id, sub.username, 0, 0],
    ]);
    // The downline sees the same contract as held, from its upline.
    const subView = await ok<{ held: Mine[]; given: Mine[] }>(await call('GET', '/wps/agent/my-contracts', sub.token));
    expect(subView.held.map((c) => [c.id, c.upline?.username])).toEqual([[given.id, top.username]]);
    expect(subView.given).toEqual([]);

    // The page's button: the upline asks to end the contract it gave; the list shows it waiting.
    await act(top, 'requestTermination', given.id);
    expect((await page()).given[0]).toMatchObject({ status: 'active', terminationRequestedBy: 'upline' });
    expect(await messagesOf(sub, 'contract_termination_requested', top.username)).toHaveLength(1);
    // Asking twice is refused and changes nothing.
    expect(
      (await call('POST', DIV, top.token, { action: 'requestTermination', contractId: given.id })).json().code,
    ).toBe('CONTRACT_STATE_INVALID');
    expect(await messagesOf(sub, 'contract_termination_requested')).toHaveLength(1);
    // The operator's contract is ended by the operator only.
    expect((await call('POST', DIV, top.token, { action: 'requestTermination', contractId: own.id })).json().code).toBe(
      'CONTRACT_STATE_INVALID',
    );

    expect((await call('GET', '/wps/agent/my-contracts', '')).statusCode).toBe(401);
  });
});

describe('payout messages', () => {
  it('tells the holder of each statement paid or held, and of a held one released, with amount and period', async () => {
    const top = await account(1, null, 'DE');
    const own = await operatorOffer(top, 300_000);
    await act(top, 'accept', own.id);
    const start = new Date('2026-02-01T16:00:00Z');
    const end = new Date('2026-02-02T16:00:00Z');
    await t.ctx.db.transaction().execute((trx) =>
      statementPaidMessages(trx, [
        { holderId: top.id, kind: 'dividend', amount: 12_345, periodStart: start, periodEnd: end, status: 'paid' },
        { holderId: top.id, kind: 'dividend', amount: 0, periodStart: start, periodEnd: end, status: 'paid' },
        { holderId: top.id, kind: 'dividend', amount: 99_900, periodStart: start, periodEnd: end, status: 'held' },
      ]),
    );
    const paid = await messagesOf(top, 'statement_paid');
    expect(paid).toHaveLength(1);
    expectReadable(paid[0] as Message, top, 'statement_paid');
    expect(paid[0]?.content).toContain('123.45');
    // The brand day (Asia/Manila by default) the window covers, with its zone named.
    expect(paid[0]?.content).toContain('2026-02-02');
    const held = await messagesOf(top, 'statement_held');
    expect(held).toHaveLength(1);
    expect(held[0]?.content).toContain('999.00');

    const statement = await t.ctx.db
      .insertInto('contract_statements')
      .values({
        contract_id: own.id,
        holder_id: top.id,
        kind: 'dividend',
        period_start: new Date('2026-03-02T16:00:00Z'),
        period_end: new Date('2026-03-09T16:00:00Z'),
        valid_bets: 10_000,
        net_loss: 5_000,
        active_members: 1,
        rate_ppm: 300_000,
        gross: 4_321,
        carry_in: 0,
        amount: 4_321,
        carry_out: 0,
        status: 'held',
        posting_id: null,
        paid_at: null,
        released_by: null,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await call('POST', `/admin/agents/statements/${statement.id}/release`, admin, {});
    expect(res.statusCode, res.body).toBe(200);
    const released = (await messagesOf(top, 'statement_paid')).filter((m) => m.content.includes('43.21'));
    expect(released).toHaveLength(1);
    expect(released[0]?.content).toContain('2026-03-03 – 2026-03-09');
  });
});
