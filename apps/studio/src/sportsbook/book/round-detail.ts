import type { StudioDb } from '../../db/database';
import {
  type BetRow,
  betStatus,
  FIX_COLUMNS,
  type FixRow,
  type LegRow,
  legsOf,
  movedBy,
  paidInAll,
  scoreText,
} from './views';

// What a bet is, sent with its money (docs/vendor-gateway.md "Round details"): the platform keeps the
// latest detail of each round and shows it in the member's betting record and account record. It
// rides on the bet (as placed), on each win (as settled or cashed out) and on each resettle (as
// corrected). Every field is built within the platform's limits (lengths clipped, at most 20
// corrections), so a detail never makes the wallet refuse a call that moves money.

export type RoundDetail = {
  kind: 'sportsbook';
  betId: string;
  betType: 'single' | 'multiple' | 'system';
  system: string | null;
  combinations: number;
  stake: number;
  odds1000: number | null;
  potentialPayout: number;
  status: 'open' | 'won' | 'lost' | 'void' | 'cashed_out';
  payout: number;
  cashedOut: number;
  placedAt: string;
  settledAt: string | null;
  legs: {
    eventId: string;
    event: string;
    sport: string;
    league?: string;
    startsAt?: string;
    market: string;
    selection: string;
    odds1000: number;
    inPlay: boolean;
    result: LegRow['outcome'];
    score: string | null;
  }[];
  corrections: { at: string; amount: number; reason: string }[];
};

const clip = (text: string, max: number, fallback = '-') => {
  const t = text.trim().slice(0, max).trim();
  return t.length > 0 ? t : fallback;
};

const MARKET_NAMES: Record<string, string> = {
  '1x2': '1X2',
  double_chance: 'Double chance',
  winner: 'Winner',
  draw: 'Draw',
  handicap: 'Asian handicap',
  total: 'Total',
  correct_score: 'Correct score',
  btts: 'Both teams to score',
};

/** A line in quarters as the player reads it: -3 is "-0.75", 10 is "2.5". */
function line(line4: number, signed: boolean): string {
  const text = String(line4 / 4);
  return signed && line4 > 0 ? `+${text}` : text;
}

export function marketLabel(l: Pick<LegRow, 'market_type' | 'market_period'>): string {
  const name = MARKET_NAMES[l.market_type] ?? l.market_type;
  return l.market_period === 'h1' ? `${name}, 1st half` : name;
}

/** The selection in words, its line included: "Northgate Rovers -0.25", "Over 2.5", "Draw". */
export function selectionLabel(
  l: Pick<LegRow, 'market_type' | 'market_line4' | 'selection' | 'home' | 'away'>,
): string {
  const team = (key: string) => (key === 'home' ? l.home : key === 'away' ? l.away : key === 'draw' ? 'Draw' : key);
  const line4 = l.market_line4 ?? 0;
  switch (l.market_type) {
    case 'handicap':
      return `${team(l.selection)} ${line(l.selection === 'home' ? line4 : -line4, true)}`;
    case 'total':
      return `${l.selection === 'over' ? 'Over' : 'Under'} ${line(line4, false)}`;
    case 'double_chance':
      return l.selection.split('_').map(team).join(' or ');
    case 'btts':
    case 'draw':
      return l.selection === 'yes' ? 'Yes' : 'No';
    case 'correct_score':
      return l.selection === 'other' ? 'Any other score' : l.selection;
    default:
      return team(l.selection);
  }
}

/** The detail of one bet as it is now (null for a bet that no longer exists). */
export async function roundDetail(db: StudioDb, betRowId: number): Promise<RoundDetail | null> {
  const b = await db
    .selectFrom('studio_sb_bets')
    .select([
      'id',
      'bet_id',
      'kind',
      'size',
      'combinations',
      'stake',
      'open_stake',
      'odds1000',
      'potential_payout',
      'status',
      'payout',
      'cashed_out',
      'in_play',
      'created_at',
      'settled_at',
    ])
    .where('id', '=', betRowId)
    .executeTakeFirst();
  if (!b) return null;
  const legs = (await legsOf(db, [b.id])).get(b.id) ?? [];
  const leagues = new Map(
    (
      await db
        .selectFrom('studio_sb_events')
        .innerJoin('studio_sb_leagues', 'studio_sb_leagues.id', 'studio_sb_events.league_id')
        .select(['studio_sb_events.id', 'studio_sb_leagues.name'])
        .where('studio_sb_events.id', 'in', legs.length > 0 ? legs.map((l) => l.event_id) : [''])
        .execute()
    ).map((r) => [r.id, r.name]),
  );
  const fixes = await db
    .selectFrom('studio_sb_moves')
    .select([...FIX_COLUMNS])
    .where('bet_id', '=', b.id)
    .where('kind', '=', 'fix')
    .orderBy('id')
    .execute();
  return detailOf(b, legs, leagues, fixes);
}

/** What roundDetail reads of a bet. */
export type DetailBet = {
  bet_id: string;
  kind: RoundDetail['betType'];
  size: number | null;
  combinations: number;
  stake: number;
  open_stake: number;
  odds1000: number;
  potential_payout: number;
  status: BetRow['status'];
  payout: number;
  cashed_out: number;
  in_play: boolean;
  created_at: Date | string;
  settled_at: Date | string | null;
};

/** A bet's detail from its row, its legs (in order), its events' league names and its corrections. */
export function detailOf(
  b: DetailBet,
  legs: LegRow[],
  leagues: ReadonlyMap<string, string>,
  fixes: FixRow[],
): RoundDetail {
  const status = betStatus(b, legs);
  return {
    kind: 'sportsbook',
    betId: b.bet_id,
    betType: b.kind,
    system: b.size === null ? null : `${b.size}/${legs.length}`,
    combinations: b.combinations,
    stake: b.stake,
    odds1000: b.kind === 'system' ? null : Math.max(1000, b.odds1000),
    potentialPayout: b.potential_payout,
    // A refused bet never stood: its stake went back (the platform's round is rolled back).
    status: status === 'pending' ? 'open' : status === 'refused' ? 'void' : status,
    payout: b.status === 'settled' || b.status === 'cashed_out' ? paidInAll(b, fixes) : b.cashed_out,
    cashedOut: b.cashed_out,
    placedAt: new Date(b.created_at).toISOString(),
    settledAt: b.settled_at ? new Date(b.settled_at).toISOString() : null,
    legs: legs.map((l) => {
      const league = leagues.get(l.event_id);
      return {
        eventId: l.event_id,
        event: clip(`${l.home} v ${l.away}`, 160),
        sport: clip(l.sport, 32),
        ...(league ? { league: clip(league, 120) } : {}),
        startsAt: new Date(l.starts_at).toISOString(),
        market: clip(marketLabel(l), 120),
        selection: clip(selectionLabel(l), 120),
        odds1000: Math.min(1_000_000, Math.max(1000, l.odds1000)),
        inPlay: b.in_play,
        result: l.outcome,
        score: scoreText(l),
      };
    }),
    // The platform keeps the last twenty.
    corrections: fixes.slice(-20).map((f) => ({
      at: new Date(f.created_at).toISOString(),
      amount: movedBy(f),
      reason: clip(f.reason ?? '', 200, 'result corrected'),
    })),
  };
}
