// Virtual matches for the SPORTS and ESPORTS tiles. A fixture (teams, strengths, odds) is a pure
// function of (sport, gameCode, fixtureId), so the odds are known before the bet and the verifier
// rebuilds them. Football: each side's goals are Poisson(lambda) truncated at 10 (the tail folded
// into 10), independent; markets 1X2 and over/under 2.5 goals. Esports: best of three maps, each
// won by the home side with probability q; markets winner and over/under 2.5 maps.
//
// The probability of every selection is exact (finite sums over the same distributions the
// simulation samples). Odds are MATCH_MARGIN / p rounded DOWN to 0.01, so every selection's exact RTP
// (p x odds, published as `rtp`) lies in [MATCH_MARGIN - 0.01 p, MATCH_MARGIN]; declaredRtp is the
// MATCH_MARGIN ceiling, and the tests check the simulated return against the exact one.
import { createHash } from 'node:crypto';
import type { Rng } from '../../../kit/fair/rng';
import { amountField, InvalidBetError, isRecord, oneOf } from '../bet-error';
import type { InstantEngine } from '../types';

export const MATCH_MARGIN = 0.95;
export const MAX_GOALS = 10;
export type Sport = 'football' | 'esports';

const FOOTBALL_TEAMS = [
  'Lions',
  'Eagles',
  'Tigers',
  'Sharks',
  'Wolves',
  'Falcons',
  'Dragons',
  'Bulls',
  'Panthers',
  'Rhinos',
  'Cobras',
  'Hawks',
  'Titans',
  'Rangers',
  'United',
  'Rovers',
];
const ESPORTS_TEAMS = [
  'Nova',
  'Vortex',
  'Phantom',
  'Zenith',
  'Eclipse',
  'Raptor',
  'Nebula',
  'Cipher',
  'Quantum',
  'Blaze',
  'Frost',
  'Havoc',
  'Apex',
  'Pulse',
  'Rift',
  'Omen',
];

export interface Selection {
  market: string;
  selection: string;
  probability: number;
  /** Decimal odds in hundredths (stake included): 215 = 2.15. */
  odds100: number;
  /** Exact RTP of this selection: probability x odds. */
  rtp: number;
}

export interface Fixture {
  sport: Sport;
  gameCode: string;
  fixtureId: string;
  home: string;
  away: string;
  /** Football: expected goals; esports: [q, 1 - q] map win chances. */
  strength: [number, number];
  selections: Selection[];
}

function hashUnits(text: string): number[] {
  const h = createHash('sha256').update(text).digest();
  return [0, 4, 8, 12].map((o) => h.readUInt32BE(o) / 4294967296);
}

export function poissonPmf(lambda: number): number[] {
  const pmf: number[] = [];
  let p = Math.exp(-lambda);
  let sum = 0;
  for (let k = 0; k < MAX_GOALS; k++) {
    pmf.push(p);
    sum += p;
    p = (p * lambda) / (k + 1);
  }
  pmf.push(1 - sum);
  return pmf;
}

function selection(market: string, name: string, probability: number): Selection {
  const odds100 = Math.max(101, Math.floor((MATCH_MARGIN * 100) / probability + 1e-9));
  return { market, selection: name, probability, odds100, rtp: (probability * odds100) / 100 };
}

const fixtures = new Map<string, Fixture>();

/** The fixture of a virtual match (cached). fixtureId: any id the studio's timeline gives the match. */
export function matchFixture(sport: Sport, gameCode: string, fixtureId: string): Fixture {
  const key = `${sport}|${gameCode}|${fixtureId}`;
  const cached = fixtures.get(key);
  if (cached) return cached;
  const [u1, u2, u3, u4] = hashUnits(key) as [number, number, number, number];
  const teams = sport === 'football' ? FOOTBALL_TEAMS : ESPORTS_TEAMS;
  const hi = Math.floor(u3 * teams.length);
  const ai = (hi + 1 + Math.floor(u4 * (teams.length - 1))) % teams.length;
  let fixture: Fixture;
  if (sport === 'football') {
    const lh = 0.7 + 1.5 * u1;
    const la = 0.5 + 1.3 * u2;
    const ph = poissonPmf(lh);
    const pa = poissonPmf(la);
    let home = 0;
    let draw = 0;
    let under = 0;
    ph.forEach((x, i) => {
      pa.forEach((y, j) => {
        if (i > j) home += x * y;
        else if (i === j) draw += x * y;
        if (i + j <= 2) under += x * y;
      });
    });
    fixture = {
      sport,
      gameCode,
      fixtureId,
      home: teams[hi]!,
      away: teams[ai]!,
      strength: [lh, la],
      selections: [
        selection('1x2', 'home', home),
        selection('1x2', 'draw', draw),
        selection('1x2', 'away', 1 - home - draw),
        selection('goals', 'over', 1 - under),
        selection('goals', 'under', under),
      ],
    };
  } else {
    const q = 0.3 + 0.4 * u1;
    const home = q * q * (3 - 2 * q);
    const three = 2 * q * (1 - q);
    fixture = {
      sport,
      gameCode,
      fixtureId,
      home: teams[hi]!,
      away: teams[ai]!,
      strength: [q, 1 - q],
      selections: [
        selection('winner', 'home', home),
        selection('winner', 'away', 1 - home),
        selection('maps', 'over', three),
        selection('maps', 'under', 1 - three),
      ],
    };
  }
  if (fixtures.size > 10_000) fixtures.clear();
  fixtures.set(key, fixture);
  return fixture;
}

export interface MatchBet {
  fixtureId: string;
  market: string;
  selection: string;
  amount: number;
}

export interface MatchOutcome {
  home: string;
  away: string;
  /** Football: goals; esports: maps won. */
  score: [number, number];
  /** Esports: the winner of each map played. */
  maps?: ('home' | 'away')[];
  /** Football: minute of each goal, by side. */
  goals?: { side: 'home' | 'away'; minute: number }[];
  winningSelections: string[];
  odds100: number;
}

function sample(pmf: number[], rng: Rng): number {
  let u = rng.next();
  for (let k = 0; k < pmf.length - 1; k++) {
    if (u < pmf[k]!) return k;
    u -= pmf[k]!;
  }
  return pmf.length - 1;
}

const pmfs = new WeakMap<Fixture, [number[], number[]]>();

function pmfsOf(fixture: Fixture): [number[], number[]] {
  let pair = pmfs.get(fixture);
  if (!pair) {
    pair = [poissonPmf(fixture.strength[0]), poissonPmf(fixture.strength[1])];
    pmfs.set(fixture, pair);
  }
  return pair;
}

export function createMatchEngine(sport: Sport, gameCode: string): InstantEngine<MatchBet, MatchOutcome> {
  return {
    info: { kind: 'match', declaredRtp: MATCH_MARGIN },
    parseBet(input) {
      if (!isRecord(input)) throw new InvalidBetError('bet must be an object');
      const fixtureId = input.fixtureId;
      if (typeof fixtureId !== 'string' || fixtureId.length < 1 || fixtureId.length > 64) {
        throw new InvalidBetError('fixtureId must be a string of 1 to 64 characters');
      }
      const fixture = matchFixture(sport, gameCode, fixtureId);
      const markets = [...new Set(fixture.selections.map((s) => s.market))];
      const market = oneOf(input, 'market', markets);
      const names = fixture.selections.filter((s) => s.market === market).map((s) => s.selection);
      const sel = oneOf(input, 'selection', names);
      return { fixtureId, market, selection: sel, amount: amountField(input, 'amount') };
    },
    stake: (bet) => bet.amount,
    play(bet, rng) {
      const fixture = matchFixture(sport, gameCode, bet.fixtureId);
      const chosen = fixture.selections.find((s) => s.market === bet.market && s.selection === bet.selection);
      if (!chosen) throw new InvalidBetError('no such selection');
      const outcome: MatchOutcome = {
        home: fixture.home,
        away: fixture.away,
        score: [0, 0],
        winningSelections: [],
        odds100: chosen.odds100,
      };
      let won: boolean;
      if (sport === 'football') {
        const [home, away] = pmfsOf(fixture);
        const h = sample(home, rng);
        const a = sample(away, rng);
        outcome.score = [h, a];
        const goals: { side: 'home' | 'away'; minute: number }[] = [];
        for (let i = 0; i < h; i++) goals.push({ side: 'home', minute: 1 + rng.int(90) });
        for (let i = 0; i < a; i++) goals.push({ side: 'away', minute: 1 + rng.int(90) });
        if (goals.length > 1) goals.sort((x, y) => x.minute - y.minute);
        outcome.goals = goals;
        const result = h > a ? 'home' : h === a ? 'draw' : 'away';
        const total = h + a > 2 ? 'over' : 'under';
        outcome.winningSelections = [`1x2:${result}`, `goals:${total}`];
        won = bet.market === '1x2' ? bet.selection === result : bet.selection === total;
      } else {
        const maps: ('home' | 'away')[] = [];
        let h = 0;
        let a = 0;
        while (h < 2 && a < 2) {
          if (rng.next() < fixture.strength[0]) {
            maps.push('home');
            h++;
          } else {
            maps.push('away');
            a++;
          }
        }
        outcome.score = [h, a];
        outcome.maps = maps;
        const winner = h === 2 ? 'home' : 'away';
        const count = maps.length === 3 ? 'over' : 'under';
        outcome.winningSelections = [`winner:${winner}`, `maps:${count}`];
        won = bet.market === 'winner' ? bet.selection === winner : bet.selection === count;
      }
      const win = won ? Math.floor((bet.amount * chosen.odds100) / 100) : 0;
      return { outcome, win, pendingSteps: 0, state: undefined };
    },
  };
}
