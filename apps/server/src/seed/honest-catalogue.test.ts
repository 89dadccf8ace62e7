import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineKindOf } from '../../../studio/src/kit/game-map';
import * as m0113 from '../db/migrations/0113-one-house-book';
import { createTestApp, type TestApp } from '../test/harness';
import {
  catalogueGames,
  DEMO_LINEUP,
  HOUSE_LINEUP,
  HOUSE_STUDIO_NAME,
  HOUSE_VENDOR,
  lineupOf,
  RETIRED_DEMO_BOOKS,
  SPORTSBOOK_LOBBIES,
  vendorGameTypeRows,
  vendorRows,
} from './catalogue-seed';
import { formerSlotName, slotName } from './names';
import { seed } from './seed';

// Every game of the catalogue is played by the house studio, so no seeded name may be a real
// gaming company's or a real game's: the companies of the spec's vendor codes and the other large
// studios, live-dealer and sports suppliers, lotteries, and product names they own.
const REAL_COMPANIES = [
  'Playtech',
  'Microgaming',
  "Play'n GO",
  'Play n GO',
  'Pragmatic',
  'NetEnt',
  'Net Entertainment',
  'Evolution',
  'Asia Gaming',
  'BBIN',
  'CQ9',
  'Red Tiger',
  'Habanero',
  'JILI',
  'Spadegaming',
  'Spade Gaming',
  'SA Gaming',
  'Dream Gaming',
  'Sexy',
  'WM Casino',
  'Ezugi',
  'Real Time Gaming',
  'Realtime Gaming',
  'iSoftBet',
  'Top Trend',
  'TTG',
  'Kaiyuan',
  'Big Gaming',
  'Oriental Game',
  'Entwine',
  'SBTech',
  'BTi',
  'IBC',
  'Maxbet',
  'SABA',
  'TF Gaming',
  'IM eSports',
  'AVIA',
  'Digmaan',
  'DS88',
  'SV388',
  'S128',
  'TCG',
  'AE Gaming',
  'GG Gaming',
  'MG Slots',
  'UG Sports',
  'PG Soft',
  'PGSoft',
  'Pocket Games',
  'Joker Gaming',
  'JDB',
  'Fa Chai',
  'KA Gaming',
  'Yggdrasil',
  'Quickspin',
  'Betsoft',
  'Big Time Gaming',
  'Push Gaming',
  'Nolimit',
  'Relax Gaming',
  'Thunderkick',
  'ELK Studios',
  'Hacksaw',
  'Blueprint Gaming',
  'IGT',
  'Aristocrat',
  'Novomatic',
  'Light & Wonder',
  'Scientific Games',
  'Konami',
  'Wazdan',
  'Endorphina',
  'Booongo',
  'Spribe',
  'Evoplay',
  'Skywind',
  'GameArt',
  'Spinomenal',
  'Red Rake',
  'Allbet',
  'Vivo Gaming',
  'Lucky Streak',
  'Pretty Gaming',
  'Ebet',
  'Ho Gaming',
  'Playstar',
  'Sportradar',
  'Betradar',
  'Kiron',
  'Golden Race',
  'CMD368',
  'PCSO',
  'IGS',
];

const REAL_TITLES = [
  'Megaways',
  'Dragon Link',
  'Lightning Link',
  'Buffalo Blitz',
  'Ocean King',
  'Fishing Frenzy',
  "Fishin' Frenzy",
  'Jackpot Fishing',
  'Dragon Fishing',
  'Aviator',
  'Starburst',
  'Book of Dead',
  'Sweet Bonanza',
  'Gates of Olympus',
  'Wolf Gold',
  'Fortune Tiger',
  'Mega Moolah',
  "Gonzo's Quest",
  'Lightning Roulette',
  'Crazy Time',
  'Dream Catcher',
  'Lotto 6/42',
  'Mega Lotto',
  'Ultra Lotto',
  'Grand Lotto',
  'Super Lotto',
  'Thai Lotto',
  'Lao Lotto',
  'Malaysia 4D',
  'Vietnam Lotto',
  'Speed Baccarat',
  'Sportsbook',
  'Sabong Live',
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const FORBIDDEN = new RegExp(
  `(?<![\\p{L}\\p{N}])(${[...REAL_COMPANIES, ...REAL_TITLES].map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
);

function realNamesIn(texts: readonly string[]): string[] {
  return texts.filter((text) => FORBIDDEN.test(text));
}

describe('the catalogue carries no real company or game name', () => {
  for (const demo of [true, false]) {
    it(`${demo ? 'demo' : 'outside demo'}: vendor names, category names and every title of the full catalogue`, () => {
      const lineup = lineupOf(demo);
      const vendors = vendorRows(lineup);
      const types = vendorGameTypeRows(lineup);
      const games = catalogueGames({ demo, slots: 10_400 });
      expect(games.filter((g) => g.game_type === 'RNG').length).toBeGreaterThanOrEqual(10_400);
      const names = [
        ...vendors.map((v) => v.name),
        ...types.map((t) => t.account_type_name),
        ...games.flatMap((g) => Object.values(JSON.parse(g.names) as Record<string, string>)),
      ];
      expect(realNamesIn(names)).toEqual([]);
    });

    it(`${demo ? 'demo' : 'outside demo'}: every tile opens a house studio engine that plays what its title says`, () => {
      for (const g of catalogueGames({ demo, slots: 500 }).filter((game) => !game.lobby)) {
        const kind = engineKindOf({ vendor: g.vendor_code, gameCode: g.game_code });
        expect(kind, `${g.vendor_code} ${g.game_code}`).toBeDefined();
        if (/roulette/i.test(g.name)) expect(kind, g.name).toBe('roulette');
        if (/baccarat/i.test(g.name)) expect(kind, g.name).toBe('baccarat');
        // A PVP tile opens the card room (members against each other) unless its title says it is the duel against the house.
        if (g.game_type === 'PVP') {
          if (kind === 'duel') expect(g.name, g.name).toBe('Three Card Duel vs the House');
          else expect(kind, g.name).toBe('cardroom');
          if (kind === 'cardroom') expect(g.name, g.name).toMatch(/Hold'em/);
        }
        if (g.game_type === 'SPORTS' || g.game_type === 'ESPORTS' || g.game_type === 'COCKFIGHT') {
          expect(g.name).toMatch(/^Virtual /);
        }
      }
    });
  }

  it.each([true, false])(
    'demo %s: each sportsbook vendor has one lobby game per category, <category>-000, named for betting',
    (demo) => {
      const lineup = lineupOf(demo);
      const lobbies = catalogueGames({ demo, slots: 10 }).filter((g) => g.lobby);
      const expected = (['SPORTS', 'ESPORTS', 'COCKFIGHT'] as const).flatMap((type) =>
        (lineup.byCategory[type] ?? []).map((vendor) => `${vendor} ${type}-000`),
      );
      expect(lobbies.map((g) => `${g.vendor_code} ${g.game_code}`).sort()).toEqual(expected.sort());
      for (const g of lobbies) {
        expect(g.game_code).toBe(`${g.game_type}-000`);
        expect(g.name).toBe(SPORTSBOOK_LOBBIES[g.game_type as keyof typeof SPORTSBOOK_LOBBIES].EN);
        expect(engineKindOf({ vendor: g.vendor_code, gameCode: g.game_code }), g.game_code).toBeDefined();
      }
      // The studio has one book: each category lists it once, never as several vendor cards.
      if (demo)
        expect(lobbies.map((g) => `${g.game_type} ${g.vendor_code}`).sort()).toEqual([
          'COCKFIGHT DS88',
          'ESPORTS TF',
          'SPORTS BTI',
        ]);
      else expect(new Set(lobbies.map((g) => g.vendor_code))).toEqual(new Set([HOUSE_VENDOR]));
    },
  );

  it('the list catches the names the catalogue used to seed', () => {
    expect(realNamesIn(['Playtech', "Play'n GO", 'Asia Gaming', 'Golden Dragon Megaways', 'Top Trend Gaming'])).toEqual(
      ['Playtech', "Play'n GO", 'Asia Gaming', 'Golden Dragon Megaways', 'Top Trend Gaming'],
    );
    expect(realNamesIn(['Peppertree Games', 'Lotto 27 A', 'Sexyland'])).toEqual([]);
  });

  it('outside demo mode every vendor is the house studio under its own name', () => {
    const vendors = vendorRows(HOUSE_LINEUP);
    expect(vendors.map((v) => v.code)).toEqual([HOUSE_VENDOR, 'LOTT', 'ELOTT']);
    for (const v of vendors) expect(v.name.startsWith(HOUSE_STUDIO_NAME), v.name).toBe(true);
    const houseGames = catalogueGames({ demo: false, slots: 10 });
    expect(new Set(houseGames.map((g) => g.vendor_code))).toEqual(new Set([HOUSE_VENDOR, 'LOTT', 'ELOTT']));
    // Demo names are invented, one per spec vendor code (the retired book cards keep theirs, for
    // databases seeded before).
    expect(Object.keys(DEMO_LINEUP.names).sort()).toEqual(
      [...new Set([...Object.values(DEMO_LINEUP.byCategory).flat(), ...RETIRED_DEMO_BOOKS])].sort(),
    );
  });
});

describe.each([true, false])('the seeded database (demo %s)', (demo) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo });
  });
  afterAll(() => t.close());

  it('holds no real company or game name in vendors, vendor categories or games', async () => {
    const vendors = await t.ctx.db.selectFrom('vendors').select('name').execute();
    const types = await t.ctx.db.selectFrom('vendor_game_types').select('account_type_name').execute();
    const games = await t.ctx.db.selectFrom('games').select(['name', 'names']).execute();
    expect(vendors.length).toBeGreaterThan(0);
    expect(games.length).toBeGreaterThan(t.ctx.config.catalogueSlots);
    const names = [
      ...vendors.map((v) => v.name),
      ...types.map((v) => v.account_type_name),
      ...games.flatMap((g) => [
        g.name,
        ...Object.values((typeof g.names === 'string' ? JSON.parse(g.names) : g.names) as Record<string, string>),
      ]),
    ];
    expect(realNamesIn(names)).toEqual([]);
    if (!demo) expect(vendors.every((v) => v.name.startsWith(HOUSE_STUDIO_NAME))).toBe(true);
  });
});

describe('a demo database that listed the book under several vendors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('lists the book once per category after migration 0113, keeping an outside integration', async () => {
    const db = t.ctx.db;
    // What the former demo seed wrote beside BTI, TF and DS88; SBT has since been connected to a
    // real outside provider, which keeps its card.
    const former = [
      ['IBC', 'SPORTS', 'Ironbark Sports'],
      ['SBT', 'SPORTS', 'Sandpiper Sports'],
      ['UG', 'SPORTS', 'Upland Sports'],
      ['IMES', 'ESPORTS', 'Inkwell Esports'],
      ['AVIA', 'ESPORTS', 'Avocet Arena'],
      ['DIG', 'COCKFIGHT', 'Dapplegrey Derby'],
    ] as const;
    await db
      .insertInto('vendors')
      .values(former.map(([code, , name], i) => ({ code, name, sort: 100 + i })))
      .execute();
    await db
      .insertInto('vendor_game_types')
      .values(former.map(([vendor_code, game_type, name]) => ({ vendor_code, game_type, account_type_name: name })))
      .execute();
    await db
      .insertInto('games')
      .values(
        catalogueGames({ demo: true, slots: 0 })
          .filter((g) => g.vendor_code === 'BTI' || g.vendor_code === 'TF' || g.vendor_code === 'DS88')
          .flatMap((g) =>
            former
              .filter(([, type]) => type === g.game_type)
              .map(([vendor_code]) => ({ ...g, vendor_code, art_seed: g.art_seed + 1 })),
          ),
      )
      .execute();
    await db
      .insertInto('vendor_integrations')
      .values({ vendor_code: 'SBT', secret: 'x'.repeat(64), launch_url: 'https://sandpiper.example/launch' })
      .execute();

    await m0113.up(db as never);

    const cards = await db
      .selectFrom('vendor_game_types')
      .select(['vendor_code', 'game_type'])
      .where('enabled', '=', true)
      .where('game_type', 'in', ['SPORTS', 'ESPORTS', 'COCKFIGHT'])
      .orderBy('game_type')
      .orderBy('vendor_code')
      .execute();
    expect(cards.map((c) => `${c.game_type} ${c.vendor_code}`)).toEqual([
      'COCKFIGHT DS88',
      'ESPORTS TF',
      'SPORTS BTI',
      'SPORTS SBT',
    ]);
    const shown = await db
      .selectFrom('games')
      .select('vendor_code')
      .distinct()
      .where('status', '=', 'active')
      .where('game_type', 'in', ['SPORTS', 'ESPORTS', 'COCKFIGHT'])
      .orderBy('vendor_code')
      .execute();
    expect(shown.map((g) => g.vendor_code)).toEqual(['BTI', 'DS88', 'SBT', 'TF']);
    const menus = await t.app.inject({ method: 'GET', url: '/lgw/games/game_menus' });
    const sports = (menus.json().value as { gameCategory: string; vendors: { vassalage: string }[] }[]).find(
      (m) => m.gameCategory === 'SPORTS',
    );
    expect(sports?.vendors.map((v) => v.vassalage)).toEqual(['BTI', 'SBT']);
  });
});

describe('a database seeded with the former real names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('gets the invented names at the next start, keeping what an operator renamed', async () => {
    const db = t.ctx.db;
    const index = Array.from({ length: t.ctx.config.catalogueSlots }, (_, i) => i).find(
      (i) => formerSlotName(i) !== slotName(i).EN,
    )!;
    const slotCode = `SLOT-${String(index + 1).padStart(5, '0')}`;
    const formerSlot = formerSlotName(index);
    expect(formerSlot).toMatch(/Megaways|Link|Blitz/);
    // What the former seed wrote (BBIN is the second LIVE vendor: its LIVE-003 was title (1 + 2) % 7).
    await db.updateTable('vendors').set({ name: 'Playtech' }).where('code', '=', 'PT').execute();
    await db.updateTable('vendors').set({ name: 'Our own name' }).where('code', '=', 'MG').execute();
    await db
      .updateTable('vendor_game_types')
      .set({ account_type_name: 'PT_RNG' })
      .where('vendor_code', '=', 'PT')
      .where('game_type', '=', 'RNG')
      .execute();
    await db.updateTable('games').set({ name: formerSlot }).where('game_code', '=', slotCode).execute();
    await db
      .updateTable('games')
      .set({ name: 'Dragon Tiger' })
      .where('vendor_code', '=', 'BBIN')
      .where('game_code', '=', 'LIVE-003')
      .execute();
    await db
      .updateTable('games')
      .set({ name: 'Lotto 6/42' })
      .where('vendor_code', '=', 'LOTT')
      .where('game_code', '=', 'LOTT-001')
      .execute();
    await db
      .updateTable('games')
      .set({ name: 'House Special' })
      .where('vendor_code', '=', 'LOTT')
      .where('game_code', '=', 'LOTT-002')
      .execute();

    // PVP tiles as two earlier seeds wrote them: KY PVP-001 the duel's "Three Card Duel II" (title
    // (1 + 0) % 7) and KX PVP-002 the first seed's "Niu Niu" (title (0 + 1) % 7).
    await db
      .updateTable('games')
      .set({ name: 'Three Card Duel II' })
      .where('vendor_code', '=', 'KY')
      .where('game_code', '=', 'PVP-001')
      .execute();
    await db
      .updateTable('games')
      .set({ name: 'Niu Niu' })
      .where('vendor_code', '=', 'KX')
      .where('game_code', '=', 'PVP-002')
      .execute();

    await seed(t.ctx, { demo: true, catalogueSlots: t.ctx.config.catalogueSlots });

    const vendor = (code: string) =>
      db.selectFrom('vendors').select('name').where('code', '=', code).executeTakeFirstOrThrow();
    expect((await vendor('PT')).name).toBe('Peppertree Games');
    expect((await vendor('MG')).name).toBe('Our own name');
    const type = await db
      .selectFrom('vendor_game_types')
      .select('account_type_name')
      .where('vendor_code', '=', 'PT')
      .where('game_type', '=', 'RNG')
      .executeTakeFirstOrThrow();
    expect(type.account_type_name).toBe('Peppertree Games');
    const game = (vendorCode: string, code: string) =>
      db
        .selectFrom('games')
        .select(['name', 'names'])
        .where('vendor_code', '=', vendorCode)
        .where('game_code', '=', code)
        .executeTakeFirstOrThrow();
    // Both PVP tiles open the 6-max card room now, and say so.
    expect((await game('KY', 'PVP-001')).name).toBe("Hold'em 6-Max");
    expect((await game('KX', 'PVP-002')).name).toBe("Hold'em 6-Max");
    expect(engineKindOf({ vendor: 'KY', gameCode: 'PVP-001' })).toBe('cardroom');
    const slot = await db
      .selectFrom('games')
      .select('name')
      .where('game_code', '=', slotCode)
      .executeTakeFirstOrThrow();
    expect(slot.name).toBe(slotName(index).EN);
    expect((await game('BBIN', 'LIVE-003')).name).toBe('Virtual Baccarat D');
    const lotto = await game('LOTT', 'LOTT-001');
    expect(lotto.name).toBe('Five-Minute Lotto A');
    expect(lotto.names).toMatchObject({ EN: 'Five-Minute Lotto A' });
    expect((await game('LOTT', 'LOTT-002')).name).toBe('House Special');
  });
});
