import type {
  BetRecordDetail,
  BettingRecord,
  BettingRecordList,
  GameProfitLoss,
  GameRecall,
} from '@gamehall/shared/api/games';
import { VendorRoundDetail } from '@gamehall/shared/api/vendor';
import { toMajor } from '@gamehall/shared/money';
import { pageCounts } from '../../http/paging';
import { presentGame } from './games.presenter';
import type { GameRow } from './games.queries';
import type { View } from './games.service';
import type { RoundRow } from './records.queries';

export function presentRound(row: RoundRow & { details_available?: boolean }, view: View): BettingRecord {
  const names = (typeof row.names === 'string' ? JSON.parse(row.names) : (row.names ?? {})) as Record<string, string>;
  const bet = Number(row.bet_amount);
  const win = Number(row.win_amount);
  return {
    roundId: row.round_id,
    nodeId: row.node_id === null ? null : Number(row.node_id),
    gameCode: row.game_code,
    gameName: names[view.language] || row.name || row.game_code,
    vassalage: row.vendor_code,
    gameType: row.game_type,
    bet: toMajor(bet),
    win: toMajor(win),
    // Only a settled round has a result; an open or rolled-back one nets nothing yet.
    net: row.status === 'closed' ? toMajor(win - bet) : 0,
    status: row.status,
    time: new Date(row.created_at).toISOString(),
    settledAt: row.closed_at ? new Date(row.closed_at).toISOString() : null,
    detail: presentDetail(row.detail, row),
    detailsAvailable: row.details_available === true,
  };
}

const odds = (odds1000: number) => odds1000 / 1000;

/**
 * A round's detail as the member reads it (major units, decimal odds); null without one, or when
 * the stored one no longer reads as the contract says (it was checked when it came in). A round its
 * vendor rolled back never stood (a bet refused after its stake was taken, an in-play bet the
 * market moved away from): the detail its bet brought still reads open, as a rollback carries none,
 * so it is shown void, having paid nothing.
 */
export function presentDetail(stored: unknown, round: Pick<RoundRow, 'status' | 'closed_at'>): BetRecordDetail | null {
  if (stored === null || stored === undefined) return null;
  const parsed = VendorRoundDetail.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
  if (!parsed.success) return null;
  const d =
    round.status === 'rolled_back' && parsed.data.status === 'open'
      ? {
          ...parsed.data,
          status: 'void' as const,
          payout: 0,
          settledAt: round.closed_at ? new Date(round.closed_at).toISOString() : null,
        }
      : parsed.data;
  return {
    kind: d.kind,
    betId: d.betId,
    betType: d.betType,
    system: d.system,
    combinations: d.combinations,
    stake: toMajor(d.stake),
    odds: d.odds1000 === null ? null : odds(d.odds1000),
    potentialPayout: toMajor(d.potentialPayout),
    status: d.status,
    payout: toMajor(d.payout),
    cashedOut: toMajor(d.cashedOut),
    placedAt: d.placedAt,
    settledAt: d.settledAt,
    legs: d.legs.map((leg) => {
      const common = {
        sport: leg.sport,
        league: leg.league ?? null,
        startsAt: leg.startsAt ?? null,
        odds: odds(leg.odds1000),
        inPlay: leg.inPlay,
        result: leg.result,
      };
      return 'marketType' in leg
        ? {
            form: 'coded' as const,
            ...common,
            home: leg.home,
            away: leg.away,
            marketType: leg.marketType,
            period: leg.period,
            line: leg.line4 === null ? null : leg.line4 / 4,
            selection: leg.selection,
            score: leg.score,
          }
        : {
            form: 'words' as const,
            ...common,
            event: leg.event,
            market: leg.market,
            selection: leg.selection,
            score: leg.score,
          };
    }),
    corrections: d.corrections.map((c) => ({ at: c.at, amount: toMajor(c.amount), reason: c.reason ?? null })),
  };
}

export function presentBettingRecords(page: {
  view: View;
  rows: RoundRow[];
  totals: { total: number; bet: number; win: number };
  currency: string;
  pageNo: number;
  pageSize: number;
}): BettingRecordList {
  return {
    content: page.rows.map((r) => presentRound(r, page.view)),
    ...pageCounts(page.totals.total, page),
    totals: {
      bet: toMajor(page.totals.bet),
      win: toMajor(page.totals.win),
      net: toMajor(page.totals.win - page.totals.bet),
    },
    currency: page.currency,
  };
}

function outcome(row: RoundRow): GameRecall['list'][number]['outcome'] {
  if (row.status !== 'closed') return row.status;
  const bet = Number(row.bet_amount);
  const win = Number(row.win_amount);
  return win > bet ? 'win' : win < bet ? 'loss' : 'push';
}

export function presentRecall(r: { view: View; game: GameRow; rows: RoundRow[] }): GameRecall {
  return {
    game: presentGame(r.game, r.view),
    list: r.rows.map((row) => ({ ...presentRound(row, r.view), outcome: outcome(row) })),
  };
}

export function presentGameProfitLoss(r: {
  rows: { game_type: string; rounds: number | string; bet: number | string; win: number | string }[];
  currency: string;
}): GameProfitLoss {
  const t = { rounds: 0, bet: 0, win: 0 };
  const list = r.rows.map((row) => {
    const rounds = Number(row.rounds);
    const bet = Number(row.bet);
    const win = Number(row.win);
    t.rounds += rounds;
    t.bet += bet;
    t.win += win;
    return { gameType: row.game_type, rounds, bet: toMajor(bet), win: toMajor(win), net: toMajor(win - bet) };
  });
  return {
    list,
    totals: { rounds: t.rounds, bet: toMajor(t.bet), win: toMajor(t.win), net: toMajor(t.win - t.bet) },
    currency: r.currency,
  };
}
