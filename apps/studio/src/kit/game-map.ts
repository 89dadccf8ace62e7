import { isLotteryVendor } from '@gamehall/shared/lottery-schedule';

// Which house engine plays a catalogue game. The launch URL carries the vendor and the vendor's game
// code; the catalogue's codes name their category (SLOT-00042, JL-003, LIVE-002, FISH-001, PVP-004,
// SPORTS-001, ESPORTS-001, COCKFIGHT-002, LOTT-001, ELOTT-001, MINI-002). Unknown codes are refused.

const CODE = /^(SLOT|JL|LIVE|FISH|PVP|SPORTS|ESPORTS|COCKFIGHT|LOTT|ELOTT|CRASH|MINI)-(\d{1,6})$/;

/**
 * The mini games (category MINI): the studio's short games, one engine per code at every vendor.
 * MINI-001 is the shared crash flight, MINI-002 the three-card duel against the house; a code past
 * the list is not a game.
 */
export const MINI_GAMES: readonly ('crash' | 'duel')[] = ['crash', 'duel'];

// The demo catalogue gives each LIVE vendor the table titles rotated by the vendor's position
// (title (v + k) % 7 for its game k; title 4 is the roulette table, the others baccarat tables), so
// the same code is Roulette at one vendor and Baccarat at another. The studio follows the same
// rotation so a "Roulette" tile opens roulette. At any other vendor (the house vendor outside demo
// mode) even LIVE codes are roulette tables and odd ones baccarat tables.
const LIVE_VENDORS = ['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP'];
const LIVE_TITLE_COUNT = 7;
const ROULETTE_TITLE = 4;

// The PVP tiles (docs/pvp.md "Which tile opens what"): the card room, where members play each
// other, behind every title but one; the three-card duel against the house only behind the title
// that says so. The demo catalogue rotates the PVP titles per vendor as it does the LIVE ones (title
// (v + k) % 7 for the vendor's game k), and the studio follows the same rotation. At any other vendor
// (the house vendor outside demo mode) odd codes open the card room and even codes the duel.
const PVP_VENDORS = ['KX', 'KY', 'TH', 'WS', 'XY'];
const PVP_TITLE_COUNT = 7;
/** Where the duel sits in the PVP titles (apps/server/src/seed/names.ts TABLE_TITLES.PVP). */
export const DUEL_TITLE = 6;

/** The lobby filter a card room tile opens with, matching its title ("Hold'em 6-Max" shows 6-seat tables). */
export type CardRoomPreset = { seats?: number; betting?: 'no-limit' | 'pot-limit' };
const PVP_PRESETS: readonly CardRoomPreset[] = [
  {},
  { seats: 6 },
  { seats: 2 },
  { betting: 'pot-limit' },
  { seats: 9 },
  { betting: 'no-limit' },
];

export type GameRef = { vendor: string; gameCode: string };

/** The casino's kinds of game, each played by an engine of its own. */
export type EngineKind = 'slot' | 'roulette' | 'baccarat' | 'fish' | 'duel' | 'match' | 'derby' | 'crash' | 'lottery';

/** What plays a catalogue game: a house engine, the sportsbook (its lobby games, code number 0) or the card room. */
export type GameKind = EngineKind | 'sportsbook' | 'cardroom';

/** The title index of a PVP code (the demo rotation), or null outside the rotation's vendors. */
function pvpTitleOf(vendor: string, n: number): number | null {
  const v = PVP_VENDORS.indexOf(vendor);
  return v >= 0 ? (v + n - 1) % PVP_TITLE_COUNT : null;
}

/** The lobby filter a card room tile opens with (empty: all tables); undefined for a code that is not the card room. */
export function cardRoomPresetOf({ vendor, gameCode }: GameRef): CardRoomPreset | undefined {
  if (engineKindOf({ vendor, gameCode }) !== 'cardroom') return undefined;
  const title = pvpTitleOf(vendor, Number(gameCode.slice(4)));
  return title === null ? {} : (PVP_PRESETS[title] ?? {});
}

/** The sportsbook lobby of each category: SPORTS-000, ESPORTS-000 and COCKFIGHT-000 (docs/sportsbook.md). */
export function sportsbookCategoryOf(gameCode: string): 'SPORTS' | 'ESPORTS' | 'COCKFIGHT' | undefined {
  const m = CODE.exec(gameCode);
  if (!m || Number(m[2]) !== 0) return undefined;
  return m[1] === 'SPORTS' || m[1] === 'ESPORTS' || m[1] === 'COCKFIGHT' ? m[1] : undefined;
}

export function gameTypeOf(gameCode: string): string | undefined {
  const m = CODE.exec(gameCode);
  if (!m) return undefined;
  return m[1] === 'SLOT' ? 'RNG' : m[1];
}

export function engineKindOf({ vendor, gameCode }: GameRef): GameKind | undefined {
  const m = CODE.exec(gameCode);
  if (!m) return undefined;
  const n = Number(m[2]);
  // The lobby games open the sportsbook; every other code of these categories is a virtual game.
  if (sportsbookCategoryOf(gameCode)) return 'sportsbook';
  switch (m[1]) {
    case 'SLOT':
    case 'JL':
      return 'slot';
    case 'LIVE': {
      const v = LIVE_VENDORS.indexOf(vendor);
      const title = v >= 0 ? (v + n - 1) % LIVE_TITLE_COUNT : n % 2 === 0 ? ROULETTE_TITLE : 0;
      return title === ROULETTE_TITLE ? 'roulette' : 'baccarat';
    }
    case 'FISH':
      return 'fish';
    case 'PVP': {
      const title = pvpTitleOf(vendor, n);
      const duel = title === null ? n % 2 === 0 : title === DUEL_TITLE;
      return duel ? 'duel' : 'cardroom';
    }
    case 'SPORTS':
    case 'ESPORTS':
      return 'match';
    case 'COCKFIGHT':
      return 'derby';
    case 'LOTT':
    case 'ELOTT':
      // Draws follow the vendor's schedule: a lottery code at a vendor without one is not a game.
      return isLotteryVendor(vendor) ? 'lottery' : undefined;
    case 'CRASH':
      return 'crash';
    case 'MINI':
      return MINI_GAMES[n - 1];
    default:
      return undefined;
  }
}

/** The engines of the LIVE tiles: played only at a shared live table (tables.ts), never as instant rounds. */
export function isTableEngine(kind: GameKind | undefined): kind is 'baccarat' | 'roulette' {
  return kind === 'baccarat' || kind === 'roulette';
}
