import { describe, expect, it } from 'vitest';
import { cardText } from '../../cardroom/engine/cards';
import { dealDeck } from '../../cardroom/engine/deck';
import { startGame } from '../../cardroom/engine/tongits/game';
import type { Seat } from '../../cardroom/engine/tongits/types';
import { hashServerSeed } from '../../kit/fair/seeds';
import { checkDeal, dealtHand, tongitsDeck } from './tongits-fair';

// The page's in-browser deck (WebCrypto) is the server's deck (node:crypto), and deals the hands
// the engine deals, for every dealer; a wrong seed or a hand the deck did not deal fails the check.

describe('the Tongits page checks a deal in the browser', () => {
  it('recomputes the server deck and the dealt hands', async () => {
    for (let i = 0; i < 5; i++) {
      const serverSeed = `${i}`.repeat(64).slice(0, 64);
      const clientSeeds = [`a${i}`, `b${i}`, `c${i}`];
      const server = dealDeck({ serverSeed, clientSeeds, nonce: 0 }).map(cardText);
      const browser = await tongitsDeck(serverSeed, clientSeeds, 0);
      expect(browser).toEqual(server);
      const dealer = (i % 3) as Seat;
      const game = startGame({ stake: 100 }, dealDeck({ serverSeed, clientSeeds, nonce: 0 }), dealer);
      for (const seat of [0, 1, 2] as Seat[]) {
        expect(dealtHand(browser, dealer, seat)).toEqual(game.hands[seat].map(cardText));
      }
      const fair = { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeeds, nonce: 0 };
      const mine = game.hands[1].map(cardText);
      expect(await checkDeal(fair, dealer, 1, mine)).toBe(true);
      expect(await checkDeal(fair, dealer, 2, mine)).toBe(false);
      expect(await checkDeal({ ...fair, serverSeedHash: hashServerSeed(`x${serverSeed}`) }, dealer, 1, mine)).toBe(
        false,
      );
    }
  });
});
