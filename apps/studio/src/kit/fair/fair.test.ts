import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createHashChain } from '../../casino/engines/crash/crash-engine';
import { verifyCrashRound, verifyLotteryDraw, verifyRound } from '../../casino/fair-verify';
import { createFairRng, floatAt, outcomeBytes, STEP_CURSOR_STRIDE } from './fair-rng';
import type { Rng } from './rng';
import { checkServerSeed, hashServerSeed, newServerSeed, rotateServerSeed, sha256Hex } from './seeds';
import { createSimRng } from './sim-rng';

/** Pearson chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** Upper critical value of chi-square with df degrees of freedom at p = 0.0001 (Wilson-Hilferty). */
function chiSquareCritical(df: number): number {
  const z = 3.719; // one-sided normal quantile for 1e-4
  return df * (1 - 2 / (9 * df) + z * Math.sqrt(2 / (9 * df))) ** 3;
}

describe('fair RNG: HMAC-SHA256(serverSeed, clientSeed:nonce:cursor)', () => {
  it('uses the standard HMAC-SHA256 (RFC 4231 test case 2)', () => {
    expect(createHmac('sha256', 'Jefe').update('what do ya want for nothing?').digest('hex')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('derives the published known answers', () => {
    expect(outcomeBytes('server-seed-1', 'client-seed-1', 0, 0).toString('hex')).toBe(
      '6c354b2eb844c44f6f8822e1e0689c8e276d556259111a79a51d8cb7583a0d87',
    );
    expect(outcomeBytes('server-seed-1', 'client-seed-1', 0, 1).toString('hex')).toBe(
      'a8c69e5a31ab1a97623cf48c485740d53c8601bed72680dc40695006b9df8644',
    );
    expect(outcomeBytes('server-seed-1', 'client-seed-1', 7, 0).toString('hex')).toBe(
      'a2c65c82521c26e889d9eafd6bae58dd3afc3ad03f6c5965a4cdcfe05a5fb612',
    );
    // The message is exactly `${clientSeed}:${nonce}:${cursor}`, keyed by the server seed.
    const manual = createHmac('sha256', 'server-seed-1').update('client-seed-1:7:0').digest();
    expect(outcomeBytes('server-seed-1', 'client-seed-1', 7, 0).equals(manual)).toBe(true);
  });

  it('turns each 4 bytes into a float and moves to the next cursor after 8 floats', () => {
    const rng = createFairRng('server-seed-1', 'client-seed-1', 0);
    const floats = Array.from({ length: 10 }, () => rng.next());
    expect(floats[0]).toBe(0x6c354b2e / 2 ** 32);
    expect(floats[0]).toBeCloseTo(0.42268819687888026, 15);
    expect(floats[8]).toBe(0xa8c69e5a / 2 ** 32);
    const block = outcomeBytes('server-seed-1', 'client-seed-1', 0, 0);
    for (let i = 0; i < 8; i++) expect(floats[i]).toBe(floatAt(block, i));
    expect(rng.drawn).toBe(10);
  });

  it('gives step k of a round its own cursor range', () => {
    const step1 = createFairRng('server-seed-1', 'client-seed-1', 0, 1).next();
    expect(step1).toBe(outcomeBytes('server-seed-1', 'client-seed-1', 0, STEP_CURSOR_STRIDE).readUInt32BE(0) / 2 ** 32);
  });

  it('is deterministic and changes with every input', () => {
    const seq = (s: string, c: string, n: number) => {
      const r = createFairRng(s, c, n);
      return Array.from({ length: 20 }, () => r.int(1000));
    };
    expect(seq('a', 'b', 1)).toEqual(seq('a', 'b', 1));
    expect(seq('a', 'b', 1)).not.toEqual(seq('a', 'b', 2));
    expect(seq('a', 'b', 1)).not.toEqual(seq('a', 'c', 1));
    expect(seq('a', 'b', 1)).not.toEqual(seq('z', 'b', 1));
  });

  it('rejects a missing seed and bad nonces', () => {
    expect(() => createFairRng('', 'c', 0)).toThrow('FAIR_SERVER_SEED_REQUIRED');
    expect(() => createFairRng('s', 'c', -1)).toThrow('FAIR_BAD_NONCE');
    expect(() => createFairRng('s', 'c', 1.5)).toThrow('FAIR_BAD_NONCE');
  });

  const uniformity = (name: string, make: () => Rng) => {
    it(`${name}: floats pass a chi-square test of uniformity (100 buckets)`, () => {
      const rng = make();
      const counts = new Array<number>(100).fill(0);
      for (let i = 0; i < 400_000; i++) counts[Math.floor(rng.next() * 100)]!++;
      expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(99));
    });

    it(`${name}: int(n) passes a chi-square test for n = 6, 37, 52, 1000`, () => {
      const rng = make();
      for (const n of [6, 37, 52, 1000]) {
        const counts = new Array<number>(n).fill(0);
        const draws = n * 400;
        for (let i = 0; i < draws; i++) counts[rng.int(n)]!++;
        expect(counts.every((c) => c > 0)).toBe(true);
        expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(n - 1));
      }
    });

    it(`${name}: consecutive pairs are independent (chi-square on a 10x10 grid)`, () => {
      const rng = make();
      const counts = new Array<number>(100).fill(0);
      for (let i = 0; i < 200_000; i++) counts[rng.int(10) * 10 + rng.int(10)]!++;
      expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(99));
    });
  };
  uniformity('fair stream', () => createFairRng(newServerSeed().serverSeed, 'chi-square', 42));
  uniformity('simulation PRNG', () => createSimRng(12345));

  it('a sharply skewed generator fails the same test (the test can fail)', () => {
    const base = createSimRng(1);
    const counts = new Array<number>(100).fill(0);
    for (let i = 0; i < 400_000; i++) counts[Math.floor(base.next() ** 1.05 * 100)]!++;
    expect(chiSquare(counts)).toBeGreaterThan(chiSquareCritical(99));
  });
});

describe('server seeds', () => {
  it('commits to a seed by its SHA-256 and reveals it on rotation', () => {
    const current = newServerSeed();
    expect(current.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(current.serverSeedHash).toBe(sha256Hex(current.serverSeed));
    const { revealed, next } = rotateServerSeed(current);
    expect(revealed).toEqual(current);
    expect(next.serverSeed).not.toBe(current.serverSeed);
    expect(checkServerSeed(revealed.serverSeed, current.serverSeedHash)).toBe(true);
    expect(checkServerSeed(next.serverSeed, current.serverSeedHash)).toBe(false);
    expect(() => rotateServerSeed({ serverSeed: 'x', serverSeedHash: hashServerSeed('y') })).toThrow(
      'FAIR_SEED_HASH_MISMATCH',
    );
  });
});

describe('verifier', () => {
  it('recomputes a slot round with its free spins exactly as the studio plays it, step by step', () => {
    const seed = newServerSeed();
    // Find a nonce whose paid spin triggers free spins, then replay it as the studio would.
    const game = { kind: 'slot' as const, gameCode: 'SLOT-00001' };
    let nonce = 0;
    let round = verifyRound({ ...seed, clientSeed: 'player', nonce, game, bet: { coin: 10 } });
    while (round.steps.length === 1 && nonce < 5000) {
      nonce++;
      round = verifyRound({ ...seed, clientSeed: 'player', nonce, game, bet: { coin: 10 } });
    }
    expect(round.steps.length).toBeGreaterThan(1);
    expect(round.hashMatches).toBe(true);
    expect(round.serverSeedHash).toBe(seed.serverSeedHash);
    expect(round.steps.at(-1)!.pendingSteps).toBe(0);
    expect(round.totalWin).toBe(round.steps.reduce((s, x) => s + x.win, 0));
    // Replaying again (e.g. after a restart, steps played on different days) gives the same round.
    const again = verifyRound({ ...seed, clientSeed: 'player', nonce, game, bet: { coin: 10 } });
    expect(again).toEqual(round);
    const other = verifyRound({ ...seed, clientSeed: 'player2', nonce, game, bet: { coin: 10 } });
    expect(other.steps[0]!.outcome).not.toEqual(round.steps[0]!.outcome);
  });

  it('reports a seed that does not match the shown hash', () => {
    const r = verifyRound({
      serverSeed: 'a',
      serverSeedHash: hashServerSeed('b'),
      clientSeed: 'c',
      nonce: 1,
      game: { kind: 'roulette' },
      bet: { bets: [{ type: 'red', amount: 100 }] },
    });
    expect(r.hashMatches).toBe(false);
    expect(r.stake).toBe(100);
  });

  it('verifies crash rounds against the chain and lottery draws against their seed', () => {
    const chain = createHashChain('secret-crash-seed', 5);
    let previous = chain.terminatingHash;
    for (const hash of chain.rounds) {
      const v = verifyCrashRound(hash, previous);
      expect(v.chainValid).toBe(true);
      expect(v.crashPoint).toBeGreaterThanOrEqual(100);
      previous = hash;
    }
    expect(verifyCrashRound(chain.rounds[2]!, chain.rounds[0]!).chainValid).toBe(false);
    const seed = newServerSeed();
    const draw = verifyLotteryDraw('VN', 'VN-2026-11-22', seed.serverSeed, seed.serverSeedHash);
    expect(draw.hashMatches).toBe(true);
    expect(verifyLotteryDraw('VN', 'VN-2026-11-22', seed.serverSeed).prizes).toEqual(draw.prizes);
  });
});
