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

/** The lobby filter a card room tile opens with, matching its title ("Hold'em 6-Max" shows 6-seat tables). */
export type CardRoomPreset = { seats?: number; betting?: 'no-limit' | 'pot-limit' };

/** A table tile's title in English and Filipino, with what plays behind it. */
export type TableTitle<K extends string> = { en: string; fil: string; plays: K; preset?: CardRoomPreset };

/**
 * The titles of a category's table tiles, which the platform's catalogue seed lists (the studio's
 * published catalogue, catalogue.ts) and this map follows, so a "Roulette" tile opens roulette. The
 * demo gives each rotation vendor the titles rotated by its position: its game k (code k) is title
 * (v + k - 1) % titles, so one code is Roulette at one vendor and Baccarat at another. Any other
 * vendor (the house vendor outside demo mode) lists `house`, and its code k plays house[(k - 1) % house].
 */
export type TableLineup<K extends string> = {
  vendors: readonly string[];
  titles: readonly TableTitle<K>[];
  house: readonly TableTitle<K>[];
};

/** The LIVE tiles: RNG baccarat tables and one roulette table, shared live tables (tables.ts). */
export const LIVE_TABLES: TableLineup<'baccarat' | 'roulette'> = {
  vendors: ['AG', 'BBIN', 'BG', 'DG', 'EA', 'LOTUS', 'OG', 'PT', 'TGP'],
  titles: [
    { en: 'Virtual Baccarat A', fil: 'Birtwal na Baccarat A', plays: 'baccarat' },
    { en: 'Virtual Baccarat B', fil: 'Birtwal na Baccarat B', plays: 'baccarat' },
    { en: 'Virtual Baccarat C', fil: 'Birtwal na Baccarat C', plays: 'baccarat' },
    { en: 'Virtual Baccarat D', fil: 'Birtwal na Baccarat D', plays: 'baccarat' },
    { en: 'Virtual Roulette', fil: 'Birtwal na Roleta', plays: 'roulette' },
    { en: 'Virtual Baccarat E', fil: 'Birtwal na Baccarat E', plays: 'baccarat' },
    { en: 'Virtual Baccarat F', fil: 'Birtwal na Baccarat F', plays: 'baccarat' },
  ],
  house: [
    { en: 'Virtual Baccarat', fil: 'Birtwal na Baccarat', plays: 'baccarat' },
    { en: 'Virtual Roulette', fil: 'Birtwal na Roleta', plays: 'roulette' },
  ],
};

// The PVP tiles (docs/pvp.md "Which tile opens what"): the card room, where members play each
// other, behind every title but one, opened on the tables its title names; the three-card duel
// against the house only behind the title that says so.
export const PVP_TABLES: TableLineup<'cardroom' | 'duel'> = {
  vendors: ['KX', 'KY', 'TH', 'WS', 'XY'],
  titles: [
    { en: "Texas Hold'em", fil: "Texas Hold'em", plays: 'cardroom', preset: {} },
    { en: "Hold'em 6-Max", fil: "Hold'em: Mesa ng Anim", plays: 'cardroom', preset: { seats: 6 } },
    { en: "Hold'em Heads-Up", fil: "Hold'em: Dalawahang Harapan", plays: 'cardroom', preset: { seats: 2 } },
    { en: "Pot-Limit Hold'em", fil: "Pot-Limit Hold'em", plays: 'cardroom', preset: { betting: 'pot-limit' } },
    { en: "Hold'em Full Ring", fil: "Hold'em: Mesa ng Siyam", plays: 'cardroom', preset: { seats: 9 } },
    { en: "No-Limit Hold'em", fil: "No-Limit Hold'em", plays: 'cardroom', preset: { betting: 'no-limit' } },
    { en: 'Three Card Duel vs the House', fil: 'Tunggalian ng Tatlong Baraha laban sa Bahay', plays: 'duel' },
  ],
  house: [
    { en: "Texas Hold'em", fil: "Texas Hold'em", plays: 'cardroom', preset: {} },
    { en: 'Three Card Duel vs the House', fil: 'Tunggalian ng Tatlong Baraha laban sa Bahay', plays: 'duel' },
  ],
};

/** The title behind code number `n` of a category's tables at `vendor` (codes count from 1). */
function tableTitleOf<K extends string>(lineup: TableLineup<K>, vendor: string, n: number): TableTitle<K> | undefined {
  if (n < 1) return undefined;
  const v = lineup.vendors.indexOf(vendor);
  const list = v >= 0 ? lineup.titles : lineup.house;
  return list[(Math.max(v, 0) + n - 1) % list.length];
}

export type GameRef = { vendor: string; gameCode: string };

/** The casino's kinds of game, each played by an engine of its own. */
export type EngineKind = 'slot' | 'roulette' | 'baccarat' | 'fish' | 'duel' | 'match' | 'derby' | 'crash' | 'lottery';

/** What plays a catalogue game: a house engine, the sportsbook (its lobby games, code number 0) or the card room. */
export type GameKind = EngineKind | 'sportsbook' | 'cardroom';

/** The lobby filter a card room tile opens with (empty: all tables); undefined for a code that is not the card room. */
export function cardRoomPresetOf({ vendor, gameCode }: GameRef): CardRoomPreset | undefined {
  if (engineKindOf({ vendor, gameCode }) !== 'cardroom') return undefined;
  return tableTitleOf(PVP_TABLES, vendor, Number(gameCode.slice(4)))?.preset ?? {};
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
    case 'LIVE':
      return tableTitleOf(LIVE_TABLES, vendor, n)?.plays;
    case 'FISH':
      return 'fish';
    case 'PVP':
      return tableTitleOf(PVP_TABLES, vendor, n)?.plays;
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
