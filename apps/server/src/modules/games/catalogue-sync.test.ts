import { describe, expect, it } from 'vitest';
import type { VendorGameRow } from './catalogue-sync.queries';
import { gameTypeOf, type ListedGame, planSync, previewOf } from './catalogue-sync.service';

// The catalogue sync's plan on its own (no database): what a provider's list changes in a vendor's
// games. The HTTP and database side is caleta-catalogue.test.ts.

const listed = (code: string, over: Partial<ListedGame> = {}): ListedGame => ({
  gameCode: code,
  name: `Game ${code}`,
  category: 'Video Slots',
  enabled: true,
  imageUrl: null,
  rtp: null,
  ...over,
});

let nodeId = 0;
const row = (code: string, over: Partial<VendorGameRow> = {}): VendorGameRow => ({
  node_id: ++nodeId,
  game_code: code,
  name: `Game ${code}`,
  status: 'active',
  image_url: null,
  rtp_hundredths: null,
  provider_hold: null,
  lobby: false,
  ...over,
});

describe('planSync', () => {
  it("leaves the vendor's lobby entry alone, even when the list names its code", () => {
    const plan = planSync({ games: [listed('lobby')], skipped: 0 }, [row('lobby', { lobby: true, name: 'Lobby' })]);
    expect(plan).toMatchObject({ add: [], update: [], hold: [], release: [] });
  });

  it("puts back only what a sync took out, never the operator's own status", () => {
    const games = [
      row('hid', { status: 'hidden' }),
      row('kept', { status: 'maintenance' }),
      row('off', { status: 'maintenance', provider_hold: 'disabled' }),
      row('gone', { status: 'hidden', provider_hold: 'removed' }),
    ];
    const plan = planSync({ games: ['hid', 'kept', 'off', 'gone'].map((c) => listed(c)), skipped: 0 }, games);
    expect(plan.release.map((r) => r.game_code).sort()).toEqual(['gone', 'off']);
    expect(plan.hold).toEqual([]);
    expect(plan.unchanged).toBe(2);
  });

  it('holds a switched-off game in play and a dropped one not hidden, and lists a switched-off returner as held', () => {
    const games = [
      row('on'),
      row('dropped'),
      row('hidden', { status: 'hidden' }),
      row('back', { status: 'hidden', provider_hold: 'removed' }),
    ];
    const plan = planSync(
      { games: [listed('on', { enabled: false }), listed('back', { enabled: false })], skipped: 0 },
      games,
    );
    expect(plan.hold.map((h) => `${h.row.game_code}:${h.reason}`).sort()).toEqual([
      'back:disabled',
      'dropped:removed',
      'on:disabled',
    ]);
    expect(plan.unchanged).toBe(1);
  });

  it("leaves a game whose entry could not be read, and an operator's maintenance when the game goes", () => {
    const games = [
      row('slip'),
      row('kept', { status: 'maintenance' }),
      row('synced', { status: 'maintenance', provider_hold: 'disabled' }),
    ];
    const plan = planSync({ games: [], skipped: 1, unread: ['slip'] }, games);
    expect(plan.hold.map((h) => `${h.row.game_code}:${h.reason}`)).toEqual(['synced:removed']);
    expect(plan.unchanged).toBe(2);
  });

  it('names one change however the provider orders its list', () => {
    const a = { games: [listed('b'), listed('a'), listed('c')], skipped: 0 };
    const b = { games: [listed('c'), listed('b'), listed('a')], skipped: 0 };
    expect(previewOf('V', a, planSync(a, [])).digest).toBe(previewOf('V', b, planSync(b, [])).digest);
    expect(planSync(b, []).add.map((g) => g.gameCode)).toEqual(['a', 'b', 'c']);
  });

  it('names a change by its digest: the same change, the same digest; another, another', () => {
    const games = [row('a', { rtp_hundredths: 9650 })];
    const list = { games: [listed('a', { rtp: 96.5 }), listed('b')], skipped: 1 };
    const first = previewOf('V', list, planSync(list, games));
    expect(first.update).toEqual([]);
    expect(first.add.map((g) => g.gameCode)).toEqual(['b']);
    expect(previewOf('V', list, planSync(list, games)).digest).toBe(first.digest);
    const renamed = { games: [listed('a', { rtp: 96.5, name: 'A2' }), listed('b')], skipped: 1 };
    expect(previewOf('V', renamed, planSync(renamed, games)).digest).not.toBe(first.digest);
  });
});

describe('gameTypeOf', () => {
  it.each([
    ['Video Slots', 'RNG'],
    ['Live Casino', 'LIVE'],
    ['Fishing', 'FISH'],
    ['Virtual Sports', 'SPORTS'],
    ['Keno', 'ELOTT'],
    ['Poker', 'PVP'],
    ['Crash Games', 'MINI'],
    ['Table Games', 'RNG'],
    ['Something new', 'RNG'],
  ])('files %s under %s', (category, type) => {
    expect(gameTypeOf(category)).toBe(type);
  });
});
