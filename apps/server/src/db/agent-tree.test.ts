// postgres: the closure triggers under real row locks
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

// Migration 0026: the closure table follows members.upline_id through inserts and moves.
describe('agent tree closure', { tags: ['postgres'] }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The closure computed from upline_id alone, for the members given. */
  async function expected(ids: number[]): Promise<string[]> {
    const rows = await t.ctx.db.selectFrom('members').select(['id', 'upline_id']).execute();
    const up = new Map(rows.map((r) => [Number(r.id), r.upline_id === null ? null : Number(r.upline_id)]));
    const out: string[] = [];
    for (const id of ids) {
      let depth = 0;
      for (let at: number | null = id; at !== null; at = up.get(at) ?? null) out.push(`${at}>${id}@${depth++}`);
    }
    return out.sort();
  }

  async function actual(ids: number[]): Promise<string[]> {
    const rows = await t.ctx.db
      .selectFrom('agent_tree')
      .select(['ancestor_id', 'member_id', 'depth'])
      .where('member_id', 'in', ids)
      .execute();
    return rows.map((r) => `${r.ancestor_id}>${r.member_id}@${r.depth}`).sort();
  }

  it('stays equal to the upline chains through random inserts and moves', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.nat(), { minLength: 2, maxLength: 14 }),
        fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
        async (parents, moves) => {
          const ids: number[] = [];
          for (const p of parents) {
            const uplineId = ids.length === 0 || p % 4 === 0 ? null : ids[p % ids.length];
            ids.push((await createMember(t.ctx, { uplineId, knownIps: [] })).id);
          }
          for (const [who, to] of moves) {
            const id = ids[who % ids.length] as number;
            const target = to % 5 === 0 ? null : (ids[to % ids.length] as number);
            const cycle =
              target !== null &&
              (await t.ctx.db
                .selectFrom('agent_tree')
                .select('depth')
                .where('ancestor_id', '=', id)
                .where('member_id', '=', target)
                .executeTakeFirst()) !== undefined;
            const move = t.ctx.db.updateTable('members').set({ upline_id: target }).where('id', '=', id).execute();
            if (cycle) await expect(move).rejects.toThrow(/cycle/);
            else await move;
          }
          expect(await actual(ids)).toEqual(await expected(ids));
        },
      ),
      { numRuns: 15 },
    );
  });

  it('answers a deep subtree and a chain of uplines from the index', async () => {
    let upline: number | null = null;
    const chain: number[] = [];
    for (let i = 0; i < 12; i++) {
      upline = (await createMember(t.ctx, { uplineId: upline, knownIps: [] })).id;
      chain.push(upline);
    }
    const top = chain[0] as number;
    const bottom = chain[11] as number;
    const sub = await sql<{ n: string }>`SELECT count(*) AS n FROM agent_tree WHERE ancestor_id = ${top}`.execute(
      t.ctx.db,
    );
    expect(Number(sub.rows[0]?.n)).toBe(12);
    const ups = await t.ctx.db
      .selectFrom('agent_tree')
      .select(['ancestor_id', 'depth'])
      .where('member_id', '=', bottom)
      .orderBy('depth')
      .execute();
    expect(ups.map((r) => Number(r.ancestor_id))).toEqual([...chain].reverse());
  });
});
