import { describe, expect, it } from 'vitest';
import { checkHandDeck, handDeck } from './pvp-deck';

// A hand dealt by the studio's engine (apps/studio/src/cardroom/engine/deck.ts dealDeck) with these seeds: the
// browser's recomputation must give the same deck, and refuse a card that was not dealt there.

const serverSeed = 'a'.repeat(64);
const serverSeedHash = 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb';
const clientSeeds = ['alpha', 'beta_2', 'c-3'];
const DECK =
  'Td Jh Qh 2s 9h 2h 5h 3c 5c 4d 3s 7h Qs 6c Qd 6h Jd 8c Js Kc Kh Qc 5s 8d 8s 9s 2d 7s 6s 3d 7c Ac 4s 7d 3h 9c Ad Jc Ah Kd Th Ks 5d 4h 8h 6d As Ts 9d 4c Tc 2c';

describe('the card room deck check', () => {
  it('recomputes the studio deck from the seeds', async () => {
    expect((await handDeck(serverSeed, clientSeeds, 0)).join(' ')).toBe(DECK);
  });

  it('accepts the cards dealt from the left of the button and the board after the burns, and nothing else', async () => {
    const hand = {
      serverSeed,
      serverSeedHash,
      clientSeeds,
      nonce: 0,
      button: 5,
      players: [
        { seat: 0, cards: ['Td', '2s'] },
        { seat: 2, cards: null },
        { seat: 5, cards: ['Qh', '2h'] },
      ],
      board: ['3c', '5c', '4d', '7h', '6c'],
    };
    expect(await checkHandDeck(hand)).toBe(true);
    expect(await checkHandDeck({ ...hand, board: ['3c', '5c', '4d', '7h', '6d'] })).toBe(false);
    expect(
      await checkHandDeck({ ...hand, players: [{ seat: 0, cards: ['Jh', '9h'] }, ...hand.players.slice(1)] }),
    ).toBe(false);
    expect(await checkHandDeck({ ...hand, serverSeedHash: 'ab'.repeat(32) })).toBe(false);
  });
});
