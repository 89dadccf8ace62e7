// @vitest-environment happy-dom
import type { PvpHandView } from '@gamehall/shared/api/pvp-history';
import { createElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import pvp from '../../locales/en/pvp.json';
import { setUpDom } from '../../test/dom';
import { HandRecord } from './hand-page';

// The operator's record of a card-room hand in a DOM: a Tongits deal shows its stake, each hand with
// the points left, the melds and who won how with each bill, and no Hold'em board or actions; a
// Hold'em hand shows its blinds, board and actions.

const dom = setUpDom({ pvp });

async function render(hand: PvpHandView) {
  await dom.render(createElement(MemoryRouter, null, createElement(HandRecord, { hand })));
}

const player = (seat: number, name: string, cards: string[], net: number) => ({
  seat,
  name,
  memberId: 10 + seat,
  you: false,
  stackBefore: 50,
  stackAfter: 50 + net,
  net,
  cards,
  shown: true,
  folded: false,
});

const base = {
  id: 7,
  tableId: 't',
  tableName: 'Table',
  number: 3,
  status: 'over' as const,
  startedAt: '2026-11-26T06:00:00.000Z',
  endedAt: '2026-11-26T06:02:00.000Z',
  pot: 2,
  rake: 0.1,
  fairness: { serverSeedHash: 'ab', serverSeed: 'cd', clientSeeds: ['x', 'y', 'z'], nonce: 3 },
};

const text = () => dom.host().textContent ?? '';

describe('the operator hand record', () => {
  it('shows a Tongits deal with its stake, points, melds and bills instead of blinds, board and actions', async () => {
    await render({
      ...base,
      game: 'tongits',
      smallBlind: 1,
      bigBlind: 1,
      button: null,
      board: [],
      events: [],
      players: [player(0, 'ana', ['2h', '3d'], 1.9), player(1, 'ben', ['Kc'], -1), player(2, 'cy', ['Qs', 'Qh'], -1)],
      tongits: {
        dealer: 1,
        stake: 1,
        melds: [{ owner: 0, kind: 'set', cards: ['7c', '7d', '7h'] }],
        points: [
          { seat: 0, points: 5 },
          { seat: 1, points: 10 },
          { seat: 2, points: 20 },
        ],
        result: {
          end: 'stock-out',
          winner: 0,
          bills: [
            { seat: 1, stakes: 1, amount: 1, paid: 1 },
            { seat: 2, stakes: 1, amount: 1, paid: 1 },
          ],
        },
      },
    });
    expect(text()).toContain('Tongits');
    expect(text()).toContain('Stake (each loser pays the winner)');
    expect(text()).not.toContain('Blinds');
    expect(dom.host().querySelector('[data-testid=pvp-board]')).toBeNull();
    expect(dom.host().querySelector('[data-testid=pvp-events]')).toBeNull();
    expect(dom.host().querySelector('[data-testid=pvp-player-1]')?.textContent).toContain('dealer');
    expect(dom.host().querySelector('[data-testid=pvp-player-2]')?.textContent).toContain('20');
    expect(dom.host().querySelector('[data-testid=pvp-melds]')?.textContent).toContain("ana's set 7c 7d 7h");
    const result = dom.host().querySelector('[data-testid=pvp-tongits-result]')?.textContent ?? '';
    expect(result).toContain('ana won when the stock ran out');
    expect(result).toContain('ben owed 1 × the stake');
  });

  it("shows a Hold'em hand with its blinds, board and actions", async () => {
    await render({
      ...base,
      game: 'holdem',
      smallBlind: 0.5,
      bigBlind: 1,
      button: 0,
      board: ['Ah', 'Kd', '2c'],
      events: [{ type: 'blind', blind: 'small', seat: 1, amount: 0.5, allIn: false }],
      players: [player(0, 'ana', ['As', 'Ad'], 0.5), player(1, 'ben', ['7s', '2d'], -0.5)],
      tongits: null,
    });
    expect(text()).toContain("Texas Hold'em");
    expect(text()).toContain('Blinds');
    expect(dom.host().querySelector('[data-testid=pvp-board]')?.textContent).toBe('Ah Kd 2c');
    expect(dom.host().querySelector('[data-testid=pvp-events]')?.textContent).toContain('ben');
    expect(dom.host().querySelector('[data-testid=pvp-player-0]')?.textContent).toContain('button');
    expect(dom.host().querySelector('[data-testid=pvp-melds]')).toBeNull();
  });
});
