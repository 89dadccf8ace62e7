import type { StudioDb } from '../../kit/db/database';
import { isBuilderBet } from '../model/builder';
import { correctionsOf, detailBetRow, leagueNamesOf } from './round-detail.queries';
import {
  type BetRow,
  betStatus,
  FEED_CORRECTION_REASON,
  FIX_COLUMNS,
  type FixRow,
  type LegRow,
  legsOf,
  movedBy,
  paidInAll,
  scoreOf,
} from './views';

// What a bet is, sent with its money (docs/vendor-gateway.md "Round details"): the platform keeps the
// latest detail of each round and shows it in the member's betting record and account record. Its
// legs are codes (market type, period, line, selection key, scores) and proper nouns (teams,
// league), so the platform writes them in each member's language; only a trader's correction
// reason is words, as the trader typed it. It
// rides on the bet (as placed), on each win (as settled or cashed out) and on each resettle (as
// corrected). Every field is built within the platform's limits (lengths clipped, at most 20
// corrections), so a detail never makes the wallet refuse a call that moves money.

export type RoundDetail = {
  kind: 'sportsbook';
  betId: string;
  /** A bet builder is kept as a multiple of one match's legs, priced jointly: named as what it is. */
  betType: 'single' | 'multiple' | 'system' | 'builder';
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
    sport: string;
    league?: string;
    startsAt?: string;
    home: string;
    away: string;
    marketType: string;
    period: string;
    line4: number | null;
    selection: string;
    odds1000: number;
    inPlay: boolean;
    result: LegRow['outcome'];
    score: ReturnType<typeof scoreOf>;
  }[];
  corrections: { at: string; amount: number; reason?: string }[];
};

const clip = (text: string, max: number, fallback = '-') => {
  const t = text.trim().slice(0, max).trim();
  return t.length > 0 ? t : fallback;
};

/** The detail of one bet as it is now (null for a bet that no longer exists). */
export async function roundDetail(db: StudioDb, betRowId: number): Promise<RoundDetail | null> {
  const b = await detailBetRow(db, betRowId);
  if (!b) return null;
  const legs = (await legsOf(db, [b.id])).get(b.id) ?? [];
  const leagues = new Map(
    (await leagueNamesOf(db, legs.length > 0 ? legs.map((l) => l.event_id) : [''])).map((r) => [r.id, r.name]),
  );
  const fixes = await correctionsOf(db, b.id, FIX_COLUMNS);
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
    betType: isBuilderBet(b.kind, legs) ? 'builder' : b.kind,
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
        sport: clip(l.sport, 32),
        ...(league ? { league: clip(league, 120) } : {}),
        startsAt: new Date(l.starts_at).toISOString(),
        home: clip(l.home, 80),
        away: clip(l.away, 80),
        marketType: l.market_type,
        period: l.market_period,
        line4: l.market_line4,
        selection: l.selection,
        odds1000: Math.min(1_000_000, Math.max(1000, l.odds1000)),
        inPlay: b.in_play,
        result: l.outcome,
        score: scoreOf(l),
      };
    }),
    // The platform keeps the last twenty.
    corrections: fixes.slice(-20).map((f) => ({
      at: new Date(f.created_at).toISOString(),
      amount: movedBy(f),
      ...(f.reason && f.reason.trim() !== FEED_CORRECTION_REASON ? { reason: clip(f.reason, 200) } : {}),
    })),
  };
}
