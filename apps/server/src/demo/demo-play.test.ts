import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TEAM_USERNAMES } from '../db/seed/demo-accounts-seed';
import { verifyLedger } from '../modules/wallet/wallet.service';
import type { TestApp } from '../test/harness';
import { mountStudio } from '../test/studio-fixture';
import { playDemoTeam } from './demo-play';

// The demo team's first-start play: real studio rounds through the vendor wallet API, once.
describe('demo play', () => {
  let t: TestApp;
  beforeAll(async () => {
    ({ t } = await mountStudio({}));
  });
  afterAll(() => t?.close());

  it("plays agent01's team members' rounds at the studio once, through the ledger", async () => {
    const first = await playDemoTeam(t.app, t.ctx);
    expect(first.players).toBe(DEMO_TEAM_USERNAMES.filter((u) => u.startsWith('team')).length);
    expect(first.rounds).toBeGreaterThan(first.players * 5);

    const rounds = await t.ctx.db
      .selectFrom('vendor_rounds as r')
      .innerJoin('agent_tree as a', 'a.member_id', 'r.member_id')
      .innerJoin('members as top', 'top.id', 'a.ancestor_id')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('r.bet_amount').as('bets')])
      .where('top.username', '=', 'agent01')
      .where('r.status', '=', 'closed')
      .executeTakeFirstOrThrow();
    expect(Number(rounds.n)).toBe(first.rounds);
    expect(Number(rounds.bets)).toBeGreaterThan(0);
    // The play's sessions are over: nobody of the team shows as signed in.
    const live = await t.ctx.db
      .selectFrom('sessions as s')
      .innerJoin('members as m', 'm.id', 's.member_id')
      .select('s.id')
      .where('m.username', 'in', DEMO_TEAM_USERNAMES)
      .where('s.revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    expect(await playDemoTeam(t.app, t.ctx)).toEqual({ players: 0, rounds: 0 });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});
