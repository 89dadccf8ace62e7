import { SLOT_SUB_CATEGORIES } from '@gamehall/shared/constants';
import { publishedTables } from '../../../studio/src/catalogue';
import type { Conn } from '../db/database';
import {
  DUEL_ERA_TABLE_TITLES,
  FORMER_LOTTERY_TITLES,
  FORMER_TABLE_TITLES,
  formerSlotName,
  LOTTERY_TITLES,
  slotName,
  TABLE_TITLES,
} from './names';
import {
  countGamesOfVendors,
  type GameSeedRow,
  gamesNamed,
  insertGames,
  insertMissingVendorGameTypes,
  insertMissingVendors,
  renameFormerGameTitles,
  renameFormerVendorNames,
} from './seed.queries';

/**
 * The house studio (apps/studio), a vendor like any other. Outside demo mode it is the only one:
 * code GH for its slots, crash, virtual tables, fishing, card room and card duel, virtual sports and derby, and
 * the spec's lottery vendor codes LOTT and ELOTT for its two draw schedules
 * (packages/shared/src/lottery-schedule.ts), all under its own name.
 */
export const HOUSE_VENDOR = 'GH';
export const HOUSE_STUDIO_NAME = 'Gamehall Studio';

export type Lineup = {
  /** Vendor codes per category, in menu order. */
  byCategory: Record<string, readonly string[]>;
  names: Record<string, string>;
};

export const HOUSE_LINEUP: Lineup = {
  byCategory: {
    RNG: [HOUSE_VENDOR],
    LIVE: [HOUSE_VENDOR],
    FISH: [HOUSE_VENDOR],
    PVP: [HOUSE_VENDOR],
    SPORTS: [HOUSE_VENDOR],
    ESPORTS: [HOUSE_VENDOR],
    COCKFIGHT: [HOUSE_VENDOR],
    LOTT: ['LOTT'],
    ELOTT: ['ELOTT'],
    MINI: [HOUSE_VENDOR],
  },
  names: {
    [HOUSE_VENDOR]: HOUSE_STUDIO_NAME,
    LOTT: `${HOUSE_STUDIO_NAME} Lotto`,
    ELOTT: `${HOUSE_STUDIO_NAME} Quick Lotto`,
  },
};

// Demo mode shows the spec's vendor codes (spec §3 "Known vendors", per category, in menu order; a
// vendor may serve several categories; the ESPORTS vendors and JILI, game type JL, complete the
// categories of spec §3 "Game"). Every one is played by the house studio, so every name is an
// invented one: no real company's name on a game it did not make. Each slot, table, fishing and card
// vendor has a line-up of its own, but the studio has one sportsbook: its sports, e-sports and sabong
// books are each listed once (BTI, TF, DS88), since several vendor cards opening the same book would
// leave a player choosing between names for one thing (migration 0113 hides the cards an earlier
// demo listed beside them, RETIRED_DEMO_BOOKS; their names below still replace a former real
// company's name in such a database).
export const DEMO_LINEUP: Lineup = {
  byCategory: {
    RNG: ['AE', 'AG', 'CQ9', 'GG', 'ISB', 'MG', 'MGS', 'PNG', 'PT', 'RTG', 'TTG', 'WD'],
    LIVE: publishedTables.LIVE.vendors,
    FISH: ['AG', 'BBIN', 'CQ9', 'GG', 'PT', 'RTG'],
    PVP: publishedTables.PVP.vendors,
    SPORTS: ['BTI'],
    ESPORTS: ['TF'],
    COCKFIGHT: ['DS88'],
    LOTT: ['TCG_LOTTO_VN', 'TCG_SEA', 'LOTT'],
    ELOTT: ['ELOTT'],
    JL: ['JILI'],
    MINI: ['JILI'],
  },
  names: {
    AE: 'Aurora Reels',
    AG: 'Azure Garden Games',
    AVIA: 'Avocet Arena',
    BBIN: 'Bluebell Tables',
    BG: 'Brightglass Tables',
    BTI: 'Bluetit Sports',
    CQ9: 'Cloudquill Games',
    DG: 'Dewdrop Tables',
    DIG: 'Dapplegrey Derby',
    DS88: 'Dunlin Derby',
    EA: 'Emberlane Tables',
    ELOTT: 'Quick Draw Lotto',
    GG: 'Glowgrove Games',
    IBC: 'Ironbark Sports',
    IMES: 'Inkwell Esports',
    ISB: 'Isleberry Slots',
    JILI: 'Juniper Lane Arcade',
    KX: 'Kestrel Cards',
    KY: 'Kingfisher Cards',
    LOTT: 'Lantern Lotto',
    LOTUS: 'Lilypad Tables',
    MG: 'Moonfern Games',
    MGS: 'Moonfern Slots',
    OG: 'Orchard Tables',
    PNG: 'Pinecone Games',
    PT: 'Peppertree Games',
    RTG: 'Redwing Reels',
    SBT: 'Sandpiper Sports',
    TCG_LOTTO_VN: 'Tamarind Lotto',
    TCG_SEA: 'Tamarind 4D',
    TF: 'Thistle Esports',
    TGP: 'Tidepool Tables',
    TH: 'Thornhill Cards',
    TTG: 'Twinleaf Games',
    UG: 'Upland Sports',
    WD: 'Willowdale Slots',
    WS: 'Wrenfield Cards',
    XY: 'Xylo Cards',
  },
};

export const RETIRED_DEMO_BOOKS: readonly string[] = ['IBC', 'SBT', 'UG', 'IMES', 'AVIA', 'DIG'];

export function lineupOf(demo: boolean): Lineup {
  return demo ? DEMO_LINEUP : HOUSE_LINEUP;
}

// These vendors open their own lobby (a popup game list) rather than one tile per game (spec §3 isGame).
const POPUP_CATEGORIES = new Set(['SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT']);

export function vendorRows(lineup: Lineup) {
  const seen = new Map<string, number>();
  for (const codes of Object.values(lineup.byCategory)) {
    for (const code of codes) if (!seen.has(code)) seen.set(code, seen.size);
  }
  return [...seen].map(([code, sort]) => ({ code, name: lineup.names[code] ?? code, sort }));
}

export function vendorGameTypeRows(lineup: Lineup) {
  return Object.entries(lineup.byCategory).flatMap(([gameType, codes]) =>
    codes.map((code, sort) => ({
      vendor_code: code,
      game_type: gameType,
      // Shown as the heading of the vendor's popup game list and lottery menu: a name, not a code.
      account_type_name: lineup.names[code] ?? code,
      is_game: POPUP_CATEGORIES.has(gameType) ? 'VASSALAGE' : null,
      sort,
    })),
  );
}

/** FNV-1a: a stable 31-bit seed per game, so its artwork never changes between starts or nodes. */
export function artSeedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7fffffff;
}

const SLOT_MIN_BETS = [10, 20, 50, 100]; // minor units: 0.10 to 1.00
const SLOT_LINES = [1, 9, 20, 25, 50];
// One slot in SUB_EVERY carries a sub-category: about 24% of slots, a few hundred of each at 10,400.
const SUB_EVERY = 25;

function gameRow(
  vendor: string,
  gameType: string,
  gameCode: string,
  names: { EN: string; TY: string },
  extra: Partial<Pick<GameSeedRow, 'sub_category' | 'min_bet' | 'min_line_num' | 'lobby'>> & {
    sort: number;
  },
): GameSeedRow {
  return {
    vendor_code: vendor,
    game_type: gameType,
    game_code: gameCode,
    name: names.EN,
    names: JSON.stringify(names),
    sub_category: extra.sub_category ?? null,
    // HOT is earned by play (the job games.popularity), never seeded.
    is_hot: false,
    sort: extra.sort,
    status: 'active',
    min_bet: extra.min_bet ?? 10,
    min_line_num: extra.min_line_num ?? 1,
    art_seed: artSeedOf(`${vendor}:${gameCode}`),
    lobby: extra.lobby ?? false,
  };
}

/** Every game of the brand's catalogue: `slots` RNG games spread over the slot vendors, then the other categories. */
export function catalogueGames(options: { demo: boolean; slots: number }): GameSeedRow[] {
  const lineup = lineupOf(options.demo);
  const rows: GameSeedRow[] = [];
  const slotVendors = lineup.byCategory.RNG!;
  for (let i = 0; i < options.slots; i++) {
    const vendor = slotVendors[i % slotVendors.length]!;
    const sub = i % SUB_EVERY < SLOT_SUB_CATEGORIES.length ? SLOT_SUB_CATEGORIES[i % SUB_EVERY] : null;
    rows.push(
      gameRow(vendor, 'RNG', `SLOT-${String(i + 1).padStart(5, '0')}`, slotName(i), {
        sub_category: sub ?? null,
        sort: Math.floor(i / slotVendors.length),
        min_bet: SLOT_MIN_BETS[i % SLOT_MIN_BETS.length],
        min_line_num: SLOT_LINES[(i >> 2) % SLOT_LINES.length],
      }),
    );
  }

  const tableBets: Record<string, number> = { LIVE: 1000, FISH: 10, PVP: 500, SPORTS: 1000, ESPORTS: 1000 };
  const tables = options.demo ? TABLE_TITLES : HOUSE_TABLE_TITLES;
  const perVendor: Record<string, number> = options.demo
    ? { LIVE: 5, FISH: 3, PVP: 4, SPORTS: 2, ESPORTS: 1, COCKFIGHT: 2 }
    : { LIVE: 2, FISH: 1, PVP: 2, SPORTS: 1, ESPORTS: 1, COCKFIGHT: 1 };
  for (const [gameType, titles] of Object.entries(tables)) {
    const vendors = lineup.byCategory[gameType] ?? [];
    const count = Math.min(perVendor[gameType] ?? 1, titles.length);
    vendors.forEach((vendor, v) => {
      for (let k = 0; k < count; k++) {
        // Rotate the title list per vendor so each vendor's line-up differs a little.
        const title = titles[(v + k) % titles.length]!;
        rows.push(
          gameRow(
            vendor,
            gameType,
            `${gameType}-${String(k + 1).padStart(3, '0')}`,
            { EN: title[0], TY: title[1] },
            {
              sort: k,
              min_bet: tableBets[gameType] ?? 1000,
            },
          ),
        );
      }
    });
  }

  // The house sportsbook (docs/sportsbook.md): one lobby game per category at each of its vendors,
  // which the category page and the vendor's lobby open; the virtual match games above stay tiles.
  for (const [gameType, names] of Object.entries(SPORTSBOOK_LOBBIES)) {
    for (const vendor of lineup.byCategory[gameType] ?? []) {
      rows.push(
        gameRow(vendor, gameType, `${gameType}-000`, names, { sort: 0, min_bet: SPORTSBOOK_MIN_STAKE, lobby: true }),
      );
    }
  }

  for (const gameType of ['LOTT', 'ELOTT'] as const) {
    for (const vendor of lineup.byCategory[gameType] ?? []) {
      (LOTTERY_TITLES[vendor] ?? []).forEach((title, k) => {
        rows.push(
          gameRow(
            vendor,
            gameType,
            `${gameType}-${String(k + 1).padStart(3, '0')}`,
            { EN: title[0], TY: title[1] },
            {
              sort: k,
              min_bet: 100,
            },
          ),
        );
      });
    }
  }

  // The JL line-up (demo only: JL is JILI's game type) uses the slot name generator from the far end
  // of its range, away from the RNG names.
  for (const vendor of lineup.byCategory.JL ?? []) {
    for (let k = 0; k < 24; k++) {
      rows.push(
        gameRow(vendor, 'JL', `JL-${String(k + 1).padStart(3, '0')}`, slotName(19_199 - k), {
          sort: k,
          min_bet: SLOT_MIN_BETS[k % SLOT_MIN_BETS.length],
        }),
      );
    }
  }

  // Crash (the house studio's multiplayer crash game, codes CRASH-nnn): slot tiles under the arcade
  // sub-category, on top of the configured slot count; later starts add them to existing catalogues.
  for (const [vendor, code, names] of options.demo ? CRASH_TITLES : HOUSE_CRASH_TITLES) {
    rows.push(gameRow(vendor, 'RNG', code, names, { sub_category: 'AC', sort: 0, min_bet: 100 }));
  }
  // The mini games (codes MINI-nnn, apps/studio game-map MINI_GAMES): the studio's short games, at
  // the house vendor (in the demo at the arcade vendor), on top of the configured slot count.
  for (const vendor of lineup.byCategory.MINI ?? []) {
    MINI_TITLES.forEach(([code, names], k) => {
      rows.push(gameRow(vendor, 'MINI', code, names, { sort: k, min_bet: 100 }));
    });
  }
  return rows;
}

/**
 * The mini games category: every title is a game the studio plays under that code (game-map
 * MINI_GAMES): the shared crash flight and the three-card duel against the house.
 */
export const MINI_TITLES: readonly (readonly [code: string, names: { EN: string; TY: string }])[] = [
  ['MINI-001', { EN: 'Crash', TY: 'Crash: Bagsak' }],
  ['MINI-002', { EN: 'Three Card Duel vs the House', TY: 'Tunggalian ng Tatlong Baraha laban sa Bahay' }],
];

/** The sportsbook's lobby game per category: its code is `<category>-000` (apps/studio game-map). */
export const SPORTSBOOK_LOBBIES: Record<'SPORTS' | 'ESPORTS' | 'COCKFIGHT', { EN: string; TY: string }> = {
  SPORTS: { EN: 'Sports Betting', TY: 'Pustahan sa Palakasan' },
  ESPORTS: { EN: 'E-Sports Betting', TY: 'Pustahan sa E-Sports' },
  COCKFIGHT: { EN: 'Sabong Betting', TY: 'Pustahan sa Sabong' },
};
/** The smallest stake the lobby tile states (minor units); the book's own limits decide. */
const SPORTSBOOK_MIN_STAKE = 1000;

type CrashTitle = readonly [vendor: string, code: string, names: { EN: string; TY: string }];

/** The demo's crash tiles: every one plays the studio's shared crash round stream. */
export const CRASH_TITLES: readonly CrashTitle[] = [
  ['PT', 'CRASH-001', { EN: 'Crash', TY: 'Crash: Bagsak' }],
  ['AG', 'CRASH-001', { EN: 'Sky Climb Crash', TY: 'Sky Climb Crash: Lipad' }],
];

const HOUSE_CRASH_TITLES: readonly CrashTitle[] = [[HOUSE_VENDOR, 'CRASH-001', { EN: 'Crash', TY: 'Crash: Bagsak' }]];

// The house line-up outside demo mode: one tile per game the studio plays (the LIVE and PVP ones as
// the studio publishes them for the house vendor: a baccarat and a roulette table, the card room and
// the duel against the house).
const HOUSE_TABLE_TITLES: Record<string, readonly (readonly [string, string])[]> = {
  LIVE: publishedTables.LIVE.house.map((t) => [t.en, t.fil] as const),
  FISH: [['Reef Hunter', 'Mangangaso sa Bahura']],
  PVP: publishedTables.PVP.house.map((t) => [t.en, t.fil] as const),
  SPORTS: [['Virtual Football', 'Birtwal na Futbol']],
  ESPORTS: [['Virtual E-Sports', 'Birtwal na E-Sports']],
  COCKFIGHT: [['Virtual Sabong', 'Birtwal na Sabong']],
};

const BATCH = 1000;

// Real companies' names an earlier seed gave the vendors the house studio plays. A vendor still
// carrying one, still served by the house studio, is renamed to its invented demo name on start.
const FORMER_VENDOR_NAMES: Record<string, string> = {
  AE: 'AE Gaming',
  AG: 'Asia Gaming',
  AVIA: 'AVIA eSports',
  BBIN: 'BBIN',
  BG: 'Big Gaming',
  BTI: 'BTi Sports',
  CQ9: 'CQ9 Gaming',
  DG: 'Dream Gaming',
  DIG: 'Digmaan',
  DS88: 'DS88 Sabong',
  EA: 'Entwine',
  GG: 'GG Gaming',
  IBC: 'IBC Sports',
  IMES: 'IM eSports',
  ISB: 'iSoftBet',
  JILI: 'JILI Games',
  KX: 'KX Poker',
  KY: 'Kaiyuan Cards',
  LOTUS: 'Lotus Live',
  MG: 'Microgaming',
  MGS: 'MG Slots',
  OG: 'Oriental Game',
  PNG: "Play'n GO",
  PT: 'Playtech',
  RTG: 'Realtime Gaming',
  SBT: 'SBTech',
  TCG_LOTTO_VN: 'TCG Lotto VN',
  TCG_SEA: 'TCG SEA Lotto',
  TF: 'TF Gaming',
  TGP: 'TGP Live',
  TH: 'TH Poker',
  TTG: 'Top Trend Gaming',
  UG: 'UG Sports',
  WD: 'WD Slots',
  WS: 'WS Cards',
  XY: 'XY Cards',
};

/**
 * Vendors, their categories and the game catalogue. Vendors and categories are inserted when
 * missing (an operator's status or sort changes stay); games are inserted in batches and the whole
 * step is skipped when the catalogue is already complete, so later starts stay fast.
 */
export async function seedCatalogue(db: Conn, options: { demo: boolean; slots: number }): Promise<void> {
  const lineup = lineupOf(options.demo);
  const vendors = vendorRows(lineup);
  await insertMissingVendors(db, vendors);
  await insertMissingVendorGameTypes(db, vendorGameTypeRows(lineup));
  await renameFormerVendorNames(db, FORMER_VENDOR_NAMES, { ...DEMO_LINEUP.names, ...lineup.names });

  await renameFormerTitles(db, options.slots);

  const games = catalogueGames(options);
  const present = await countGamesOfVendors(
    db,
    vendors.map((v) => v.code),
  );
  if (present >= games.length) return;
  for (let i = 0; i < games.length; i += BATCH) await insertGames(db, games.slice(i, i + BATCH));
}

/** The titles earlier seeds gave a game, where they differ from today's. */
function formerTitlesOf(game: GameSeedRow): string[] {
  const k = (TABLE_TITLES[game.game_type] ?? []).findIndex((t) => t[0] === game.name);
  const duelEra = k >= 0 ? DUEL_ERA_TABLE_TITLES[game.game_type]?.[k] : undefined;
  const former = formerTitleOf(game);
  return [former, duelEra].filter((t): t is string => t !== undefined && t !== game.name);
}

/** The title the first seed gave a game of the demo line-up, where it differs from today's. */
function formerTitleOf(game: GameSeedRow): string | undefined {
  const n = Number(game.game_code.replace(/^\D+-/, ''));
  let former: string | undefined;
  if (game.game_code.startsWith('SLOT-')) former = formerSlotName(n - 1);
  else if (game.game_type === 'JL') former = formerSlotName(19_199 - (n - 1));
  else if (game.game_code.startsWith('CRASH-')) former = game.vendor_code === 'AG' ? 'Rocket Crash' : undefined;
  else if (game.game_type === 'LOTT' || game.game_type === 'ELOTT') {
    const k = (LOTTERY_TITLES[game.vendor_code] ?? []).findIndex((t) => t[0] === game.name);
    former = FORMER_LOTTERY_TITLES[game.vendor_code]?.[k];
  } else {
    const k = (TABLE_TITLES[game.game_type] ?? []).findIndex((t) => t[0] === game.name);
    former = FORMER_TABLE_TITLES[game.game_type]?.[k];
  }
  return former !== undefined && former !== game.name ? former : undefined;
}

/**
 * Databases seeded before the titles were made honest still show other studios' titles and
 * titles of games the studio does not play there (a "Blackjack" tile that deals baccarat): those
 * still carrying exactly their former title get today's. Cheap when there is nothing to do.
 */
async function renameFormerTitles(db: Conn, slots: number): Promise<void> {
  // The house line-up too: its PVP tile was the duel before the card room opened.
  const games = [...catalogueGames({ demo: true, slots }), ...catalogueGames({ demo: false, slots: 0 })];
  const renames = games.flatMap((game) =>
    formerTitlesOf(game).map((former) => ({
      vendor_code: game.vendor_code,
      game_code: game.game_code,
      former,
      name: game.name,
      names: game.names,
    })),
  );
  const present = new Set<string>();
  const formerNames = [...new Set(renames.map((r) => r.former))];
  for (let i = 0; i < formerNames.length; i += 2000) {
    for (const g of await gamesNamed(db, formerNames.slice(i, i + 2000)))
      present.add(`${g.vendor_code}:${g.game_code}:${g.name}`);
  }
  const due = renames.filter((r) => present.has(`${r.vendor_code}:${r.game_code}:${r.former}`));
  if (due.length > 0) await renameFormerGameTitles(db, due);
}
