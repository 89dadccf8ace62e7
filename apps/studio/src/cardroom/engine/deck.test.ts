import { describe, expect, it } from 'vitest';
import { createFairRng } from '../../kit/fair/fair-rng';
import { hashServerSeed, newServerSeed } from '../../kit/fair/seeds';
import { combinedClientSeed, dealDeck, verifyHandDeck } from './deck';

const seeds = { serverSeed: 'server-seed-1', clientSeeds: ['alice', 'bob', 'carol'], nonce: 0 };

describe('fair deck', () => {
  it('is a permutation of the 52 cards, fixed by the seeds', () => {
    const deck = dealDeck(seeds);
    expect([...deck].sort((a, b) => a - b)).toEqual(Array.from({ length: 52 }, (_, i) => i));
    expect(dealDeck(seeds)).toEqual(deck);
  });

  it('is a Fisher-Yates shuffle driven by the fair stream keyed with the joined client seeds', () => {
    const rng = createFairRng('server-seed-1', 'alice,bob,carol', 0);
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = 51; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    expect(dealDeck(seeds)).toEqual(deck);
  });

  it('changes with the server seed, any client seed, the seat order and the nonce', () => {
    const base = dealDeck(seeds);
    expect(dealDeck({ ...seeds, serverSeed: 'server-seed-2' })).not.toEqual(base);
    expect(dealDeck({ ...seeds, clientSeeds: ['alice', 'bob', 'carl'] })).not.toEqual(base);
    expect(dealDeck({ ...seeds, clientSeeds: ['bob', 'alice', 'carol'] })).not.toEqual(base);
    expect(dealDeck({ ...seeds, nonce: 1 })).not.toEqual(base);
  });

  it('refuses client seeds that would make the joined text ambiguous', () => {
    expect(() => combinedClientSeed(['a,b', 'c'])).toThrow('PVP_BAD_CLIENT_SEED');
    expect(() => combinedClientSeed(['', 'c'])).toThrow('PVP_BAD_CLIENT_SEED');
    expect(() => combinedClientSeed(['only-one'])).toThrow('PVP_BAD_CLIENT_SEEDS');
    expect(() => dealDeck({ ...seeds, nonce: -1 })).toThrow('FAIR_BAD_NONCE');
  });

  it('deals every card to every position about equally often (chi-square, 52 x 52 cells)', () => {
    const counts = new Array<number>(52 * 52).fill(0);
    const hands = 20_000;
    for (let n = 0; n < hands; n++) {
      const deck = dealDeck({ serverSeed: 'uniformity', clientSeeds: ['p1', 'p2'], nonce: n });
      for (let position = 0; position < 52; position++) counts[position * 52 + deck[position]!]!++;
    }
    const expected = hands / 52;
    const chi = counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // Rows and columns have fixed totals: 51 * 51 = 2,601 degrees of freedom, mean 2,601, standard
    // deviation about 72; both bounds are about five deviations out.
    expect(chi).toBeLessThan(2960);
    expect(chi).toBeGreaterThan(2250);
  });

  it('verifies a revealed hand against the hash shown before it', () => {
    const commitment = newServerSeed();
    const played = dealDeck({ serverSeed: commitment.serverSeed, clientSeeds: ['x1', 'y2'], nonce: 4 });
    const verified = verifyHandDeck({
      serverSeed: commitment.serverSeed,
      serverSeedHash: commitment.serverSeedHash,
      clientSeeds: ['x1', 'y2'],
      nonce: 4,
    });
    expect(verified.hashMatches).toBe(true);
    expect(verified.deck).toEqual(played);
    expect(verified.clientSeed).toBe('x1,y2');
    expect(verified.cards).toHaveLength(52);
    expect(verified.cards[0]).toMatch(/^[2-9TJQKA][shdc]$/);
    expect(verifyHandDeck({ ...seeds, serverSeedHash: hashServerSeed('other') }).hashMatches).toBe(false);
    expect(verifyHandDeck(seeds).hashMatches).toBeNull();
  });
});
