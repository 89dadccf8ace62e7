// postgres: two operators deciding on one flag at once on separate connections, one wins (UNIQUE (flag_key, revision))
import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import type { TestApp } from '../../test/harness';
import { decideFlag, headsUpTable, integrityReport, type PvpMember, playDumpingHand } from '../../test/pvp-fixture';
import { operatorSession } from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio } from '../../test/studio-fixture';
import { getBrand } from '../brand/brand.service';

// Reviews of the card room's integrity flags through the platform's HTTP API, on the house studio
// mounted as `npm start` runs it (docs/pvp.md "Reviewing flags"): A folds 20 big blinds to B hand
// after hand, which the brand's lowered thresholds flag as chip dumping; operators clear and confirm
// the flag (audited), bad decisions change nothing, two deciding at once get one win and one
// conflict, a cleared flag stays out of the open list until a new hand adds to it, and a
// confirmation may raise both members' risk level.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
const TABLE = 'review-1';
// The brand's day: the card room's reports count the brand's days (set in beforeAll).
let today: string;

let a: PvpMember;
let b: PvpMember;
let reviewer: string;
let riskDesk: string;

type Review = {
  state: string;
  revision: number;
  newHands: boolean;
  last: { decision: string; reason: string; by: string; at: string; lastHandId: number; raised: number[] } | null;
};
type Flag = { key: string; firstHandId: number; lastHandId: number; review: Review; hands: number };

const report = (state?: string, auth = reviewer) =>
  integrityReport<{ counts: Record<string, number>; chipDumping: Flag[]; softPlay: Flag[] }>(t, auth, today, state);

const decide = (auth: string, flag: Flag, body: Record<string, unknown>) => decideFlag(t, auth, today, flag, body);

const reviewRows = () => t.ctx.db.selectFrom('pvp_integrity_reviews').selectAll().orderBy('id').execute();
const levels = () =>
  t.ctx.db
    .selectFrom('member_risk_levels')
    .select(['member_id', 'level', 'source'])
    .where('member_id', 'in', [a.memberId, b.memberId])
    .orderBy('member_id')
    .execute();
const usernameOf = async (auth: string) => {
  const session = await t.app.inject({ method: 'GET', url: '/admin/session/me', headers: { authorization: auth } });
  return session.json().value.username as string;
};

beforeAll(async () => {
  s = await mountStudio({ pvp: { tickMs: 0, betweenHandsMs: 0 } });
  today = brandDay(new Date(), (await getBrand(s.t.ctx.db)).timeZone);
  ({ t, studio } = s);
  reviewer = await operatorSession(t, ['pvp.review']);
  riskDesk = await operatorSession(t, ['pvp.review', 'risk.write']);
  [a, b] = await headsUpTable(t, studio, { id: TABLE, name: 'Review heads-up' });
  for (let i = 0; i < 5; i++) await playDumpingHand(t, studio, TABLE, a, b);
  const put = await t.app.inject({
    method: 'PUT',
    url: '/admin/brand/settings/pvpIntegrity',
    headers: { authorization: await operatorSession(t, ['site.write']) },
    payload: {
      value: {
        dumpMinAmount: 10_000,
        dumpMinHands: 5,
        dumpMinSuspiciousPercent: 80,
        dumpBigFoldBigBlinds: 20,
        softMinSharedStreets: 30,
        softMaxSharedAggressionPercent: 5,
        softMinOtherAggressionPercent: 30,
      },
    },
  });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);
afterAll(() => s.close());

describe('integrity flag reviews', () => {
  it('lists the flag open with its key and hands; refuses bad decisions and changes nothing', async () => {
    const r = await report();
    expect(r.counts).toEqual({ open: 1, cleared: 0, confirmed: 0 });
    const [flag] = r.chipDumping;
    expect(flag).toMatchObject({
      key: `chip_dumping:PHP:${a.memberId}>${b.memberId}`,
      hands: 5,
      review: { state: 'open', revision: 0, last: null, newHands: false },
    });
    const f = flag as Flag;
    expect(f.lastHandId).toBeGreaterThan(f.firstHandId);

    const refused = [
      [reviewer, { decision: 'cleared', reason: '   ' }, 400, 'VALIDATION_FAILED'],
      [reviewer, { decision: 'dismissed', reason: 'friends' }, 400, 'VALIDATION_FAILED'],
      [riskDesk, { decision: 'cleared', reason: 'friends', raiseRisk: true }, 400, 'VALIDATION_FAILED'],
      [reviewer, { decision: 'cleared', reason: 'x', from: today, to: '2020-01-01' }, 400, 'VALIDATION_FAILED'],
      [
        reviewer,
        { decision: 'cleared', reason: 'x', key: `chip_dumping:PHP:${b.memberId}>${a.memberId}` },
        404,
        'PVP_FLAG_NOT_FOUND',
      ],
      [reviewer, { decision: 'cleared', reason: 'x', lastHandId: f.lastHandId - 1 }, 409, 'PVP_FLAG_REVIEW_CONFLICT'],
      [reviewer, { decision: 'cleared', reason: 'x', revision: 1 }, 409, 'PVP_FLAG_REVIEW_CONFLICT'],
      // Raising risk levels is the risk desk's: pvp.review alone may not.
      [reviewer, { decision: 'confirmed', reason: 'x', raiseRisk: true }, 403, 'AUTH_FORBIDDEN'],
      [await operatorSession(t, ['risk.write']), { decision: 'cleared', reason: 'x' }, 403, undefined],
    ] as const;
    for (const [auth, body, status, code] of refused) {
      const res = await decide(auth, f, body);
      expect(res.status, JSON.stringify([body, res.json])).toBe(status);
      if (code) expect(res.json.code).toBe(code);
    }
    expect(await reviewRows()).toEqual([]);
    expect(await levels()).toEqual([]);
    expect((await report()).chipDumping[0]?.review.state).toBe('open');
  });

  it('lets one of two operators deciding at once win; the other hears the conflict; each is audited', {
    tags: ['postgres'],
  }, async () => {
    const [flag] = (await report()).chipDumping as [Flag];
    // The refusals above were audited too (those that reached the decision); only this race's rows count here.
    const seen = await t.ctx.db
      .selectFrom('audit_log')
      .select((e) => e.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    const [x, y] = await Promise.all([
      decide(reviewer, flag, { decision: 'cleared', reason: 'Brothers sharing a flat, hands read: honest folds' }),
      decide(riskDesk, flag, { decision: 'confirmed', reason: 'Same pattern every hand' }),
    ]);
    const results = [x, y].sort((p, q) => p.status - q.status);
    expect(results.map((r) => r.status)).toEqual([200, 409]);
    expect(results[1]!.json.code).toBe('PVP_FLAG_REVIEW_CONFLICT');
    const rows = await reviewRows();
    expect(rows).toHaveLength(1);
    const won = rows[0]!;
    expect(results[0]!.json.value.review).toMatchObject({ state: won.decision, revision: 1, newHands: false });
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success', 'detail', 'username'])
      .where('event', '=', 'pvp.flagReview')
      .where('id', '>', Number(seen.id ?? 0))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.success).sort()).toEqual([false, true]);
    const failed = audit.find((row) => !row.success);
    expect(failed?.detail).toMatchObject({ target: `pvp-flag:${flag.key}`, code: 'PVP_FLAG_REVIEW_CONFLICT' });
    expect(audit.find((row) => row.success)?.detail).toMatchObject({
      target: `pvp-flag:${flag.key}`,
      before: { state: 'open' },
      after: { state: won.decision },
      revision: 1,
      hands: [flag.firstHandId, flag.lastHandId],
    });

    // Whoever lost reads the decision and decides again on it: cleared, by the reviewer.
    const again = (await report()).chipDumping[0] as Flag;
    expect(again.review).toMatchObject({ state: won.decision, revision: 1, last: { by: won.reviewed_by_username } });
    const cleared = await decide(reviewer, again, { decision: 'cleared', reason: 'Brothers; the folds were honest' });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);

    // A cleared flag is out of the open list, in the cleared one with who decided, when and why.
    const open = await report('open');
    expect(open.chipDumping).toEqual([]);
    expect(open.counts).toEqual({ open: 0, cleared: 1, confirmed: 0 });
    const [listed] = (await report('cleared')).chipDumping;
    expect(listed?.review).toMatchObject({
      state: 'cleared',
      revision: 2,
      newHands: false,
      last: {
        decision: 'cleared',
        reason: 'Brothers; the folds were honest',
        by: await usernameOf(reviewer),
        raised: [],
      },
    });
    expect(Date.now() - Date.parse(listed!.review.last!.at)).toBeLessThan(60_000);
    expect((await report('confirmed')).chipDumping).toEqual([]);
  });

  it('opens a cleared flag again when a new hand adds to it; a confirmation may raise both members to high', async () => {
    const before = (await report()).chipDumping[0] as Flag;
    await playDumpingHand(t, studio, TABLE, a, b);
    const [flag] = (await report('open')).chipDumping as [Flag];
    expect(flag.key).toBe(before.key);
    expect(flag.hands).toBe(6);
    expect(flag.lastHandId).toBeGreaterThan(before.lastHandId);
    expect(flag.review).toMatchObject({
      state: 'open',
      revision: 2,
      newHands: true,
      last: { decision: 'cleared', lastHandId: before.lastHandId },
    });

    const confirmed = await decide(riskDesk, flag, {
      decision: 'confirmed',
      reason: 'A folds 20 big blinds to B every hand',
      raiseRisk: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.value.review).toMatchObject({
      state: 'confirmed',
      revision: 3,
      newHands: false,
      last: { raised: [a.memberId, b.memberId].sort((p, q) => p - q) },
    });
    expect(await levels()).toEqual(
      [a.memberId, b.memberId]
        .sort((p, q) => p - q)
        .map((id) => ({ member_id: id, level: 'high', source: 'operator' })),
    );
    const changes = await t.ctx.db
      .selectFrom('risk_level_changes')
      .select(['member_id', 'reason'])
      .where('member_id', 'in', [a.memberId, b.memberId])
      .execute();
    expect(changes).toHaveLength(2);
    for (const c of changes) expect(c.reason).toContain('A folds 20 big blinds to B every hand');
    const [listed] = (await report('confirmed')).chipDumping;
    expect(listed?.review).toMatchObject({ state: 'confirmed', last: { by: await usernameOf(riskDesk) } });
    expect((await reviewRows()).map((r) => [r.revision, r.decision])).toEqual([
      [1, expect.any(String)],
      [2, 'cleared'],
      [3, 'confirmed'],
    ]);
  });
});
