// @vitest-environment happy-dom
/// <reference lib="dom.iterable" />
import type { PvpHandView } from '@gamehall/shared/api/pvp-history';
import i18next from 'i18next';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import core from '../../locales/en/core.json';
import pvp from '../../locales/en/pvp.json';
import { HandRecord } from './hand-page';

// The operator's record of a card-room hand in a DOM: a Tongits deal shows its stake, each hand with
// the points left, the melds and who won how with each bill, and no Hold'em board or actions; a
// Hold'em hand shows its blinds, board and actions.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { core, pvp } },
    ns: ['core', 'pvp'],
    defaultNS: 'core',
    lng: 'en',
    interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
    returnNull: false,
  });
});

let root: Root;
let host: HTMLElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
});

async function render(hand: PvpHandView) {
  await act(async () => root.render(createElement(MemoryRouter, null, createElement(HandRecord, { hand }))));
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

const text = () => host.textContent ?? '';

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
    expect(host.querySelector('[data-testid=pvp-board]')).toBeNull();
    expect(host.querySelector('[data-testid=pvp-events]')).toBeNull();
    expect(host.querySelector('[data-testid=pvp-player-1]')?.textContent).toContain('dealer');
    expect(host.querySelector('[data-testid=pvp-player-2]')?.textContent).toContain('20');
    expect(host.querySelector('[data-testid=pvp-melds]')?.textContent).toContain("ana's set 7c 7d 7h");
    const result = host.querySelector('[data-testid=pvp-tongits-result]')?.textContent ?? '';
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
    expect(host.querySelector('[data-testid=pvp-board]')?.textContent).toBe('Ah Kd 2c');
    expect(host.querySelector('[data-testid=pvp-events]')?.textContent).toContain('ben');
    expect(host.querySelector('[data-testid=pvp-player-0]')?.textContent).toContain('button');
    expect(host.querySelector('[data-testid=pvp-melds]')).toBeNull();
  });
});
