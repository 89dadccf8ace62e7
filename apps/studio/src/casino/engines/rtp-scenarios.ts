// RTP proof by simulation, shared by the tests (10^6 rounds each) and bench/rtp.ts (10^7): every
// scenario plays real engine code with the seeded simulation PRNG and reports, per bet type, the
// simulated return next to the exact one with its standard error. Stakes are multiples of 100 minor
// units, where no payout rounds, so the exact figure is the true expectation.

import type { Rng } from '../../kit/fair/rng';
import { createSimRng } from '../../kit/fair/sim-rng';
import { createDerbyEngine, DERBY_SIDES, derbyFight } from './arcade/derby';
import { createDuelEngine, duelRtp } from './arcade/duel';
import { createFishEngine, FISH_KINDS, FISH_RTP } from './arcade/fish';
import { createMatchEngine, matchFixture, type Sport } from './arcade/match';
import { CRASH_INFO, crashPoint, settleCrashBet } from './crash/crash-engine';
import {
  drawFromRng,
  LOTTERY_BET_TYPES,
  type LotteryBetKind,
  type LotteryRegion,
  settleLotteryBet,
} from './lottery/lottery-engine';
import { type SlotConfig, slotConfigFor } from './slot/slot-config';
import { slotEngineFor } from './slot/slot-engine';
import { BACCARAT_BETS, baccaratRtps, createBaccaratEngine } from './tables/baccarat';
import { createRouletteEngine, ROULETTE_RTP } from './tables/roulette';

export interface RtpRow {
  scenario: string;
  bet: string;
  /** The RTP the game declares for this bet. */
  declared: number;
  /** The exact expected return of the bets simulated (their mean when selections vary). */
  exact: number;
  rounds: number;
  simulated: number;
  /** Standard error of the simulated mean, from the simulated variance. */
  se: number;
  /** (simulated - exact) / se */
  z: number;
  ms: number;
}

/** Running mean and variance of per-round returns (return / stake) and of the exact expectation. */
export class RtpAccumulator {
  n = 0;
  private sum = 0;
  private sumSq = 0;
  private expected = 0;

  add(ratio: number, expected: number): void {
    this.n++;
    this.sum += ratio;
    this.sumSq += ratio * ratio;
    this.expected += expected;
  }

  row(scenario: string, bet: string, declared: number, ms: number): RtpRow {
    const mean = this.sum / this.n;
    const variance = Math.max(0, this.sumSq / this.n - mean * mean);
    const se = Math.sqrt(variance / this.n);
    const exact = this.expected / this.n;
    return {
      scenario,
      bet,
      declared,
      exact,
      rounds: this.n,
      simulated: mean,
      se,
      z: se > 0 ? (mean - exact) / se : 0,
      ms,
    };
  }
}

export interface RtpScenario {
  name: string;
  run(rounds: number, seed: number): RtpRow[];
  /** Rounds the test suite runs when fewer than its default (a scenario whose round costs more). */
  testRounds?: number;
}

function timed<T>(fn: () => T): [T, number] {
  const start = performance.now();
  const value = fn();
  return [value, Math.round(performance.now() - start)];
}

export function slotScenario(gameCode: string): RtpScenario {
  const config = slotConfigFor(gameCode);
  return {
    name: `slot ${gameCode} (${config.volatility}, ${config.mode === 'lines' ? `${config.paylines.length} lines` : `${config.ways} ways`}, ${config.reels}x${config.rows})`,
    run(rounds, seed) {
      const engine = slotEngineFor(gameCode);
      const rng = createSimRng(seed);
      const bet = { coin: 100 };
      const stake = engine.stake(bet);
      const acc = new RtpAccumulator();
      const [, ms] = timed(() => {
        for (let i = 0; i < rounds; i++) {
          const first = engine.play(bet, rng);
          let win = first.win;
          let state = first.state;
          while (state.freeSpinsLeft > 0) {
            const r = engine.playPending!(bet, state, rng);
            win += r.win;
            state = r.state;
          }
          acc.add(win / stake, config.exactRtp);
        }
      });
      return [acc.row(this.name, 'spin', config.declaredRtp, ms)];
    },
  };
}

/** A deterministic sample of titles of each volatility and both modes, kept fast (at most 25 coins a spin). */
export function sampleSlotCodes(count = 5): string[] {
  const wanted: ((c: SlotConfig) => boolean)[] = [
    (c) => c.volatility === 'low' && c.mode === 'lines',
    (c) => c.volatility === 'medium' && c.mode === 'ways',
    (c) => c.volatility === 'high' && c.mode === 'lines',
    (c) => c.volatility === 'high' && c.mode === 'ways',
    (c) => c.volatility === 'medium' && c.mode === 'lines' && c.reels === 3,
    (c) => c.volatility === 'low' && c.mode === 'ways',
  ];
  const codes: string[] = [];
  for (const want of wanted.slice(0, count)) {
    for (let i = 1; i <= 10_400; i++) {
      const code = `SLOT-${String(i).padStart(5, '0')}`;
      if (codes.includes(code)) continue;
      const c = slotConfigFor(code);
      if (c.betMultiplier <= 25 && want(c)) {
        codes.push(code);
        break;
      }
    }
  }
  return codes;
}

const CRASH_TARGETS = [101, 150, 200, 333, 500, 1000, 2500];

/** A random 32-byte round hash, as hex, the form a hash chain's links have. */
function randomRoundHash(rng: Rng, bytes: Buffer): string {
  for (let w = 0; w < 8; w++) bytes.writeUInt32BE(rng.int(4294967296), w * 4);
  return bytes.toString('hex');
}

// Each round's crash point goes through the production step, crashPoint(roundHash) (HMAC with the
// salt, 52 bits, the formula), from a random 32-byte hash: the simulation checks the bits the studio
// really draws, not only the formula. The hashes come from the simulation generator (reproducible
// by seed); a real chain's SHA-256 links are taken to be as random as these.
export const crashScenario: RtpScenario = {
  name: 'crash',
  // An HMAC a round (a few microseconds): 2 x 10^5 rounds keep the test near a second; the
  // distribution of the drawn uniform itself is tested over 10^5 hashes in engines.test.ts.
  testRounds: 200_000,
  run(rounds, seed) {
    const rng = createSimRng(seed);
    const acc = new RtpAccumulator();
    const bytes = Buffer.alloc(32);
    const [, ms] = timed(() => {
      for (let i = 0; i < rounds; i++) {
        const crash = crashPoint(randomRoundHash(rng, bytes));
        const target = CRASH_TARGETS[i % CRASH_TARGETS.length]!;
        acc.add(settleCrashBet({ amount: 100, autoCashout: target }, crash).win / 100, CRASH_INFO.declaredRtp);
      }
    });
    return [
      acc.row('crash', `auto cash-out ${CRASH_TARGETS.map((t) => t / 100).join('/')}x`, CRASH_INFO.declaredRtp, ms),
    ];
  },
};

function randomPick(rng: Rng, digits: number): string {
  return String(rng.int(10 ** digits)).padStart(digits, '0');
}

export function lotteryScenario(region: LotteryRegion): RtpScenario {
  const kinds = (Object.keys(LOTTERY_BET_TYPES) as LotteryBetKind[]).filter(
    (k) => LOTTERY_BET_TYPES[k].region === region,
  );
  return {
    name: `lottery ${region}`,
    run(rounds, seed) {
      const rng = createSimRng(seed);
      const accs = kinds.map(() => new RtpAccumulator());
      const [, ms] = timed(() => {
        for (let i = 0; i < rounds; i++) {
          const draw = drawFromRng(region, `sim-${i}`, rng);
          kinds.forEach((type, k) => {
            const def = LOTTERY_BET_TYPES[type];
            const numbers = [randomPick(rng, def.digits)];
            if (def.picks === 2) {
              let other = randomPick(rng, def.digits);
              while (other === numbers[0]) other = randomPick(rng, def.digits);
              numbers.push(other);
            }
            const r = settleLotteryBet({ region, type, numbers, amount: 100 }, draw);
            accs[k]!.add(r.win / 100, def.rtp);
          });
        }
      });
      return kinds.map((type, k) => accs[k]!.row(`lottery ${region}`, type, LOTTERY_BET_TYPES[type].rtp, ms));
    },
  };
}

export const baccaratScenario: RtpScenario = {
  name: 'baccarat',
  run(rounds, seed) {
    const engine = createBaccaratEngine();
    const rtps = baccaratRtps();
    const rng = createSimRng(seed);
    const bet = engine.parseBet({ player: 100, banker: 100, tie: 100, playerPair: 100, bankerPair: 100 });
    const accs = BACCARAT_BETS.map(() => new RtpAccumulator());
    const [, ms] = timed(() => {
      for (let i = 0; i < rounds; i++) {
        const { outcome } = engine.play(bet, rng);
        for (let j = 0; j < BACCARAT_BETS.length; j++) {
          const k = BACCARAT_BETS[j]!;
          accs[j]!.add(outcome.returns[k]! / 100, rtps[k]);
        }
      }
    });
    return BACCARAT_BETS.map((k, j) => accs[j]!.row('baccarat', k, rtps[k], ms));
  },
};

const ROULETTE_SAMPLE = [
  { type: 'straight', numbers: [17], amount: 100 },
  { type: 'split', numbers: [0, 2], amount: 100 },
  { type: 'street', numbers: [31, 32, 33], amount: 100 },
  { type: 'corner', numbers: [8, 9, 11, 12], amount: 100 },
  { type: 'line', numbers: [1, 2, 3, 4, 5, 6], amount: 100 },
  { type: 'dozen2', amount: 100 },
  { type: 'column3', amount: 100 },
  { type: 'red', amount: 100 },
  { type: 'odd', amount: 100 },
  { type: 'high', amount: 100 },
];

export const rouletteScenario: RtpScenario = {
  name: 'roulette',
  run(rounds, seed) {
    const engine = createRouletteEngine();
    const rng = createSimRng(seed);
    const bet = engine.parseBet({ bets: ROULETTE_SAMPLE });
    const accs = ROULETTE_SAMPLE.map(() => new RtpAccumulator());
    const [, ms] = timed(() => {
      for (let i = 0; i < rounds; i++) {
        const { outcome } = engine.play(bet, rng);
        for (let j = 0; j < accs.length; j++) accs[j]!.add(outcome.returns[j]! / 100, ROULETTE_RTP);
      }
    });
    return ROULETTE_SAMPLE.map((b, j) => accs[j]!.row('roulette', b.type, ROULETTE_RTP, ms));
  },
};

export const fishScenario: RtpScenario = {
  name: 'fish',
  run(rounds, seed) {
    const engine = createFishEngine();
    const rng = createSimRng(seed);
    const targets = [null, 'clownfish', 'shark', 'golden-toad'];
    const bets = targets.map((target) => engine.parseBet({ shots: 10, shotValue: 100, target }));
    const acc = new RtpAccumulator();
    const [, ms] = timed(() => {
      for (let i = 0; i < rounds; i++) {
        const bet = bets[i % bets.length]!;
        acc.add(engine.play(bet, rng).win / engine.stake(bet), FISH_RTP);
      }
    });
    return [
      acc.row(
        'fish',
        `10 shots, aim ${targets.map((t) => t ?? 'random').join('/')} of ${FISH_KINDS.length} kinds`,
        FISH_RTP,
        ms,
      ),
    ];
  },
};

export const duelScenario: RtpScenario = {
  name: 'duel',
  run(rounds, seed) {
    const engine = createDuelEngine();
    const rng = createSimRng(seed);
    const bet = engine.parseBet({ amount: 100 });
    const rtp = duelRtp();
    const acc = new RtpAccumulator();
    const [, ms] = timed(() => {
      for (let i = 0; i < rounds; i++) acc.add(engine.play(bet, rng).win / 100, rtp);
    });
    return [acc.row('duel', 'three-card duel', rtp, ms)];
  },
};

export function matchScenario(sport: Sport): RtpScenario {
  const gameCode = sport === 'football' ? 'SPORTS-001' : 'ESPORTS-001';
  return {
    name: `match ${sport}`,
    run(rounds, seed) {
      const engine = createMatchEngine(sport, gameCode);
      const rng = createSimRng(seed);
      const bets = Array.from({ length: 40 }, (_, f) => matchFixture(sport, gameCode, `F${f}`)).flatMap((fixture) =>
        fixture.selections.map((s) => ({
          bet: engine.parseBet({ fixtureId: fixture.fixtureId, market: s.market, selection: s.selection, amount: 100 }),
          rtp: s.rtp,
        })),
      );
      const acc = new RtpAccumulator();
      const [, ms] = timed(() => {
        for (let i = 0; i < rounds; i++) {
          const { bet, rtp } = bets[i % bets.length]!;
          acc.add(engine.play(bet, rng).win / 100, rtp);
        }
      });
      return [acc.row(`match ${sport}`, `every selection of 40 fixtures`, engine.info.declaredRtp, ms)];
    },
  };
}

export const derbyScenario: RtpScenario = {
  name: 'derby',
  run(rounds, seed) {
    const engine = createDerbyEngine('COCKFIGHT-001');
    const rng = createSimRng(seed);
    const bets = Array.from({ length: 40 }, (_, f) => derbyFight('COCKFIGHT-001', `D${f}`)).flatMap((fight) =>
      DERBY_SIDES.map((side) => ({
        bet: engine.parseBet({ fightId: fight.fightId, side, amount: 100 }),
        rtp: fight.rtp[side],
      })),
    );
    const acc = new RtpAccumulator();
    const [, ms] = timed(() => {
      for (let i = 0; i < rounds; i++) {
        const { bet, rtp } = bets[i % bets.length]!;
        acc.add(engine.play(bet, rng).win / 100, rtp);
      }
    });
    return [acc.row('derby', 'meron/wala/draw of 40 fights', engine.info.declaredRtp, ms)];
  },
};

/** Every non-slot engine's scenario. */
export const ENGINE_SCENARIOS: readonly RtpScenario[] = [
  crashScenario,
  lotteryScenario('VN'),
  lotteryScenario('SEA'),
  baccaratScenario,
  rouletteScenario,
  fishScenario,
  duelScenario,
  matchScenario('football'),
  matchScenario('esports'),
  derbyScenario,
];
