import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import type { TestApp } from '../../test/harness';
import {
  decideFlag,
  headsUpTable,
  integrityReport,
  type PvpMember,
  playDumpingHand,
  pvpMember,
  pvpNode,
} from '../../test/pvp-fixture';
import { operatorSession } from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio } from '../../test/studio-fixture';
import { getBrand } from '../brand/brand.service';

// Linked accounts at a table through the platform's HTTP API, with the house studio mounted
// (docs/pvp.md "Integrity report"): A and B share a sign-in address and a device and play three
// hands at one table, C and D play three hands at another and share nothing, and E shares A's address
// but never sits down. With the brand's threshold at three hands only A and B are flagged, with what
// they share (the device masked as the linked-accounts queue masks it), their hands and table; the
// flag is cleared like the others, comes back with a new hand, and a confirmation may raise both.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
let today: string;
let a: PvpMember;
let b: PvpMember;
let c: PvpMember;
let d: PvpMember;
let e: PvpMember;
let reviewer: string;
let riskDesk: string;

const ADDRESS = '203.0.113.7';
const DEVICE = 'c0ffee'.repeat(10).padEnd(64, '0');

type Review = { state: string; revision: number; newHands: boolean; last: { reason: string; by: string } | null };
type MemberRef = { memberId: number | null; name: string };
type LinkedFlag = {
  key: string;
  firstHandId: number;
  lastHandId: number;
  review: Review;
  a: MemberRef;
  b: MemberRef;
  shared: { kind: string; value: string; status: string }[];
  hands: number;
  tables: string[];
  handIds: number[];
};
type Report = {
  thresholds: Record<string, number>;
  counts: Record<string, number>;
  chipDumping: unknown[];
  linkedAccounts: LinkedFlag[];
};

const report = (state?: string) => integrityReport<Report>(t, reviewer, today, state);

const decide = (auth: string, flag: LinkedFlag, body: Record<string, unknown>) =>
  decideFlag(t, auth, today, flag, body);

/** A link as the risk module records one: the lower member id first. */
const link = (x: PvpMember, y: PvpMember, kind: 'ip' | 'device', value: string) => ({
  member_id: Math.min(x.memberId, y.memberId),
  other_id: Math.max(x.memberId, y.memberId),
  kind,
  value,
});

beforeAll(async () => {
  s = await mountStudio({ pvp: { tickMs: 0, betweenHandsMs: 0 } });
  ({ t, studio } = s);
  today = brandDay(new Date(), (await getBrand(t.ctx.db)).timeZone);
  reviewer = await operatorSession(t, ['pvp.review']);
  riskDesk = await operatorSession(t, ['pvp.review', 'risk.write']);
  [a, b] = await headsUpTable(t, studio, { id: 'linked-1', name: 'Linked heads-up' });
  [c, d] = await headsUpTable(t, studio, { id: 'linked-2', name: 'Strangers heads-up' });
  e = await pvpMember(t, await pvpNode(t));
  for (let i = 0; i < 3; i++) {
    await playDumpingHand(t, studio, 'linked-1', a, b);
    await playDumpingHand(t, studio, 'linked-2', c, d);
  }
  // One address among A, B and E (every pair of its holders is linked, as the risk module links
  // them), and one device between A and B.
  await t.ctx.db
    .insertInto('risk_links')
    .values([
      link(a, b, 'ip', ADDRESS),
      link(a, e, 'ip', ADDRESS),
      link(b, e, 'ip', ADDRESS),
      link(a, b, 'device', DEVICE),
    ])
    .execute();
  const put = await t.app.inject({
    method: 'PUT',
    url: '/admin/brand/settings/pvpIntegrity',
    headers: { authorization: await operatorSession(t, ['site.write']) },
    payload: {
      value: {
        dumpMinAmount: 500_000,
        dumpMinHands: 5,
        dumpMinSuspiciousPercent: 60,
        dumpBigFoldBigBlinds: 20,
        softMinSharedStreets: 30,
        softMaxSharedAggressionPercent: 5,
        softMinOtherAggressionPercent: 30,
        linkedMinHands: 3,
      },
    },
  });
  expect(put.statusCode, put.body).toBe(200);
}, 120_000);
afterAll(() => s.close());

describe('linked accounts at a table', () => {
  it('flags the members who share an address and a device and sat together, not the others', async () => {
    // C and D share nothing in the link data.
    const cd = await t.ctx.db
      .selectFrom('risk_links')
      .select('id')
      .where((w) =>
        w.or([w('member_id', 'in', [c.memberId, d.memberId]), w('other_id', 'in', [c.memberId, d.memberId])]),
      )
      .execute();
    expect(cd).toEqual([]);

    const r = await report();
    expect(r.thresholds.linkedMinHands).toBe(3);
    expect(r.chipDumping).toEqual([]);
    expect(r.counts).toEqual({ open: 1, cleared: 0, confirmed: 0 });
    expect(r.linkedAccounts).toHaveLength(1);
    const [flag] = r.linkedAccounts as [LinkedFlag];
    const [low, high] = [a.memberId, b.memberId].sort((x, y) => x - y) as [number, number];
    expect(flag).toMatchObject({
      key: `linked_accounts:${low}+${high}`,
      a: { memberId: low },
      b: { memberId: high },
      hands: 3,
      tables: ['linked-1'],
      review: { state: 'open', revision: 0, last: null, newHands: false },
      shared: [
        { kind: 'device', value: DEVICE.slice(0, 12), status: 'pending' },
        { kind: 'ip', value: ADDRESS, status: 'pending' },
      ],
    });
    expect(flag.handIds).toHaveLength(3);
    expect(flag.firstHandId).toBe(flag.handIds[0]);
    expect(flag.lastHandId).toBe(flag.handIds[2]);
    // The full device hash never leaves the platform; the hands are A's and B's.
    expect(JSON.stringify(r)).not.toContain(DEVICE);
    const hand = await t.app.inject({
      method: 'GET',
      url: `/admin/pvp/hands/${flag.handIds[0]}`,
      headers: { authorization: reviewer },
    });
    expect(hand.statusCode, hand.body).toBe(200);
    expect(hand.json().value.tableId).toBe('linked-1');

    // E shares A's and B's address but never sat with them: no flag names E, and none can be decided.
    const named = r.linkedAccounts.flatMap((f) => [f.a.memberId, f.b.memberId]);
    expect(named).not.toContain(e.memberId);
    const none = await decide(
      reviewer,
      { ...flag, key: `linked_accounts:${Math.min(a.memberId, e.memberId)}+${Math.max(a.memberId, e.memberId)}` },
      {
        decision: 'cleared',
        reason: 'x',
      },
    );
    expect(none.status, JSON.stringify(none.json)).toBe(404);
    expect(none.json.code).toBe('PVP_FLAG_NOT_FOUND');
  });

  it('is cleared with a reason, opens again with a new hand, and a confirmation may raise both to high', async () => {
    const [flag] = (await report()).linkedAccounts as [LinkedFlag];
    const cleared = await decide(reviewer, flag, {
      decision: 'cleared',
      reason: 'Husband and wife, hands read: no help',
    });
    expect(cleared.status, JSON.stringify(cleared.json)).toBe(200);
    expect(cleared.json.value).toMatchObject({ key: flag.key, review: { state: 'cleared', revision: 1 } });
    expect((await report('open')).linkedAccounts).toEqual([]);
    const [listed] = (await report('cleared')).linkedAccounts;
    expect(listed?.review).toMatchObject({
      state: 'cleared',
      last: { reason: 'Husband and wife, hands read: no help' },
    });
    const rows = await t.ctx.db.selectFrom('pvp_integrity_reviews').selectAll().execute();
    expect(rows).toMatchObject([{ flag_key: flag.key, kind: 'linked_accounts', revision: 1, decision: 'cleared' }]);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['success', 'detail'])
      .where('event', '=', 'pvp.flagReview')
      .where('success', '=', true)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.detail).toMatchObject({ target: `pvp-flag:${flag.key}`, kind: 'linked_accounts' });

    await playDumpingHand(t, studio, 'linked-1', a, b);
    const [again] = (await report('open')).linkedAccounts as [LinkedFlag];
    expect(again).toMatchObject({ key: flag.key, hands: 4, review: { state: 'open', revision: 1, newHands: true } });
    const confirmed = await decide(riskDesk, again, {
      decision: 'confirmed',
      reason: 'One phone, two seats',
      raiseRisk: true,
    });
    expect(confirmed.status, JSON.stringify(confirmed.json)).toBe(200);
    expect(confirmed.json.value.review).toMatchObject({ state: 'confirmed', revision: 2 });
    const changes = await t.ctx.db
      .selectFrom('risk_level_changes')
      .select(['member_id', 'to_level', 'reason'])
      .where('member_id', 'in', [a.memberId, b.memberId])
      .execute();
    expect(changes).toHaveLength(2);
    for (const change of changes) {
      expect(change.to_level).toBe('high');
      expect(change.reason).toContain('linked accounts at a table');
    }
  });
});
