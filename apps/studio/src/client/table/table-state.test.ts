import { describe, expect, it } from 'vitest';
import type { TableAnswer } from '../../api-types';
import type { MyTableBet, TableRoundView, TableState } from '../../casino/tables';
import {
  addChip,
  applyTableAnswer,
  applyTableState,
  areaWinsCheck,
  betTaken,
  betText,
  bettingOpen,
  chipColour,
  clearChips,
  hasOpenBet,
  initialTableModel,
  initialTablePageState,
  phaseSpan,
  placedInRound,
  placedThisRound,
  repeatLastBet,
  serverNow,
  slipBet,
  spotName,
  tableChips,
  tablePolls,
  undoChip,
} from './table-state';

// The live table page's state: how it follows the server's states and answers, and the chips on the
// slip, without a DOM.

const T0 = Date.parse('2026-11-25T12:00:00.000Z');
const iso = (ms: number) => new Date(T0 + ms).toISOString();

function round(id: number, phase: TableRoundView['phase'], over: Partial<TableRoundView> = {}): TableRoundView {
  return {
    id,
    no: id + 100,
    phase,
    bettingEndsAt: iso(15_000),
    revealAt: iso(20_000),
    endsAt: iso(25_000),
    serverSeedHash: 'hash',
    clientSeed: 'client',
    nonce: id,
    serverSeed: null,
    outcome: null,
    ...over,
  };
}
function state(at: number, r: TableRoundView | null): TableState {
  return {
    serverNow: iso(at),
    table: { key: 'roulette', vendor: 'house', gameCode: 'roulette', engine: 'roulette' },
    round: r,
    bets: [],
    history: [],
    limits: { maxBets: 20, maxStake: 100_000_000 },
  };
}
const bet = (over: Partial<MyTableBet>): MyTableBet => ({
  betId: 'b1',
  roundId: 1,
  roundNo: 101,
  bet: { player: 500 },
  stake: 500,
  win: 0,
  status: 'open',
  ...over,
});
const answer = (s: TableState, mine: MyTableBet[], bettingMs = 12_000): TableAnswer => ({
  state: s,
  mine,
  balance: 10_000,
  game: null,
  timing: { bettingMs, dealMs: 5000, resultMs: 5000 },
});

describe('table page state', () => {
  it('takes the server clock from each state and knows when betting is open', () => {
    const m0 = initialTableModel();
    expect(bettingOpen(m0, T0)).toBe(false);
    // The page's clock runs 2 s behind the server's.
    const { model } = applyTableState(m0, state(1000, round(1, 'betting')), T0 - 1000);
    expect(model.offset).toBe(2000);
    expect(serverNow(model, T0)).toBe(T0 + 2000);
    expect(bettingOpen(model, T0 + 12_999)).toBe(true);
    expect(bettingOpen(model, T0 + 13_000)).toBe(false);
    const dealing = applyTableState(model, state(16_000, round(1, 'dealing')), T0 + 16_000).model;
    expect(bettingOpen(dealing, T0 + 1000)).toBe(false);
  });

  it('acts on the result once per round and clears the unsent chips when a new round begins', () => {
    let m = applyTableState(initialTableModel(), state(0, round(1, 'betting')), T0).model;
    m = addChip(m, 'red', 100);
    const dealing = applyTableState(m, state(16_000, round(1, 'dealing')), T0);
    expect(dealing).toMatchObject({ toResult: false, newRound: false });
    expect([...dealing.model.slip]).toEqual([['red', 100]]);
    const result = applyTableState(dealing.model, state(21_000, round(1, 'result')), T0);
    expect(result.toResult).toBe(true);
    // The same result again (socket and poll both bring it): not a second time.
    expect(applyTableState(result.model, state(22_000, round(1, 'result')), T0).toResult).toBe(false);
    const next = applyTableState(result.model, state(26_000, round(2, 'betting')), T0);
    expect(next.newRound).toBe(true);
    expect(next.model.slip.size).toBe(0);
    expect(next.model.placedOrder).toEqual([]);
    // A table with no round yet is no new round.
    expect(applyTableState(initialTableModel(), state(0, null), T0).newRound).toBe(false);
  });

  it('keeps the chips when an older state comes after a newer one (the first state of a socket, late)', () => {
    // The loop's broadcast of the new round came first; the state read when the socket opened, from
    // before the round began, comes after it.
    let m = applyTableState(initialTableModel(), state(1000, round(1, 'betting')), T0).model;
    m = addChip(m, 'split-17-20', 100);
    const late = applyTableState(m, state(900, null), T0 + 50);
    expect(late).toMatchObject({ toResult: false, newRound: false });
    expect(late.model).toBe(m);
    expect(bettingOpen(late.model, T0 + 2000)).toBe(true);
    const again = applyTableState(late.model, state(2000, round(1, 'betting')), T0 + 1000);
    expect(again.newRound).toBe(false);
    expect([...again.model.slip]).toEqual([['split-17-20', 100]]);
    // Two reads that finished in the other order of their clocks: the later clock with the round
    // before. Not shown either.
    expect(applyTableState(again.model, state(2500, round(0, 'done')), T0 + 1500).model).toBe(again.model);
    expect(applyTableState(again.model, state(2500, round(1, 'betting')), T0 + 1500).model).not.toBe(again.model);
  });

  it('follows a node whose clock is behind, and a table that started over', () => {
    let m = applyTableState(initialTableModel(), state(5000, round(7, 'betting')), T0).model;
    m = addChip(m, 'red', 100);
    // The socket reconnected to a node whose clock runs 2 s behind: its states are shown.
    const dealing = applyTableState(m, state(3500, round(7, 'dealing')), T0 + 600);
    expect(dealing.model.state?.round?.phase).toBe('dealing');
    expect([...dealing.model.slip]).toEqual([['red', 100]]);
    // Round ids from 1 again more than a minute later: a new database, shown as a new round.
    const over = applyTableState(dealing.model, state(3500 + 61_000, round(1, 'betting')), T0 + 62_000);
    expect(over.newRound).toBe(true);
    expect(over.model.state?.round?.id).toBe(1);
  });

  it('reads an answer: its settled bets are news only after the first, and an older state is not applied', () => {
    const s1 = state(5000, round(1, 'betting'));
    const first = applyTableAnswer(initialTableModel(), answer(s1, [bet({ status: 'closed', win: 1000 })], 10_000));
    expect(first.fresh).toEqual([]);
    expect(first.newerState).toBe(true);
    expect(first.model).toMatchObject({ loaded: true, bettingSpan: 10_000 });
    const shown = applyTableState(first.model, s1, T0).model;
    const settled = [bet({ betId: 'b2', status: 'closed', win: 0 }), bet({ status: 'closed', win: 1000 })];
    const second = applyTableAnswer(shown, answer(state(4000, round(1, 'betting')), settled));
    expect(second.fresh.map((b) => b.betId)).toEqual(['b2']);
    expect(second.newerState).toBe(false);
    expect(applyTableAnswer(shown, answer(state(6000, round(1, 'betting')), settled)).newerState).toBe(true);
  });

  it('lays, takes back, clears and repeats chips', () => {
    let m = initialTableModel();
    expect(undoChip(m)).toBeNull();
    m = addChip(addChip(addChip(m, 'player', 100), 'player', 500), 'tie', 100);
    expect(Object.fromEntries(m.slip)).toEqual({ player: 600, tie: 100 });
    const undone = undoChip(m);
    expect(undone && Object.fromEntries(undone.slip)).toEqual({ player: 600 });
    const twice = undone && undoChip(undone);
    expect(twice && Object.fromEntries(twice.slip)).toEqual({ player: 100 });
    expect(twice?.placedOrder).toEqual([{ spot: 'player', amount: 100 }]);
    // Updates leave the model they were given as it was.
    expect(Object.fromEntries(m.slip)).toEqual({ player: 600, tie: 100 });
    expect(clearChips(m).slip.size).toBe(0);

    const entries = [...m.slip.entries()];
    expect(slipBet('baccarat', entries)).toEqual({ player: 600, tie: 100 });
    const taken = betTaken(
      m,
      { bet: bet({ betId: 'b9', bet: { player: 600, tie: 100 } }), balance: 0, roundId: 1 },
      entries,
    );
    expect(taken.slip.size).toBe(0);
    expect(taken.mine.map((b) => b.betId)).toEqual(['b9']);
    const again = repeatLastBet(addChip(taken, 'banker', 100));
    expect(Object.fromEntries(again.slip)).toEqual({ banker: 100, player: 600, tie: 100 });
    expect(again.placedOrder).toHaveLength(3);
  });

  it('builds the roulette bet from the slip and counts my chips of the current round by area', () => {
    expect(
      slipBet('roulette', [
        ['n17', 100],
        ['red', 500],
      ]),
    ).toEqual({
      bets: [
        { type: 'straight', numbers: [17], amount: 100 },
        { type: 'red', amount: 500 },
      ],
    });
    let m = applyTableState(initialTableModel(), state(0, round(2, 'betting')), T0).model;
    const roulette = (items: unknown[]) => ({ bets: items });
    m = {
      ...m,
      mine: [
        bet({ betId: 'a', roundId: 2, bet: roulette([{ type: 'red', amount: 500 }]) }),
        bet({
          betId: 'b',
          roundId: 2,
          bet: roulette([
            { type: 'red', amount: 100 },
            { type: 'straight', numbers: [17], amount: 100 },
          ]),
        }),
        bet({ betId: 'c', roundId: 2, status: 'rolled_back', bet: roulette([{ type: 'black', amount: 100 }]) }),
        bet({ betId: 'd', roundId: 1, bet: roulette([{ type: 'odd', amount: 100 }]) }),
      ],
    };
    expect(Object.fromEntries(placedThisRound(m, 'roulette'))).toEqual({ red: 600, n17: 100 });
    expect(hasOpenBet(m)).toBe(true);
    expect(hasOpenBet({ ...m, mine: [bet({ status: 'closed' })] })).toBe(false);
    expect(spotName('n17', 'EN')).toBe('17');
    expect(betText('roulette', m.mine[1]?.bet, 'EN')).toBe('Red 1.00, 17 1.00');
  });

  it('checks the areas’ wins against the server’s settlement', () => {
    const shown = { roundId: 3, total: 3600 };
    expect(areaWinsCheck(shown, [])).toBe('wait');
    expect(areaWinsCheck(shown, [bet({ roundId: 3, status: 'settling' })])).toBe('wait');
    expect(areaWinsCheck(shown, [bet({ roundId: 3, status: 'closed', win: 3600 })])).toBe('keep');
    expect(
      areaWinsCheck(shown, [
        bet({ roundId: 3, status: 'closed', win: 3500 }),
        bet({ roundId: 3, status: 'rolled_back' }),
      ]),
    ).toBe('withdraw');
  });

  it('times the bar over the phase and colours a stack by the biggest chip it reaches', () => {
    expect(phaseSpan(round(1, 'betting'), 15_000)).toEqual([T0, T0 + 15_000]);
    expect(phaseSpan(round(1, 'dealing'), 15_000)).toEqual([T0 + 15_000, T0 + 20_000]);
    expect(phaseSpan(round(1, 'result'), 15_000)).toEqual([T0 + 20_000, T0 + 25_000]);
    const chips = [100, 500, 1000, 5000];
    expect(chipColour(chips, 50)).toBe(0);
    expect(chipColour(chips, 700)).toBe(1);
    expect(chipColour(chips, 5000)).toBe(3);
  });

  it('shows my chips only on the current round, and takes the house chips when the game names none', () => {
    const m = {
      ...applyTableState(initialTableModel(), state(0, round(2, 'betting')), T0).model,
      mine: [bet({ roundId: 2, bet: { player: 500, tie: 100 } })],
    };
    expect(Object.fromEntries(placedInRound(m, 'baccarat', 2))).toEqual({ player: 500, tie: 100 });
    expect(placedInRound(m, 'baccarat', 1).size).toBe(0);
    expect(placedInRound(initialTableModel(), 'baccarat', 2).size).toBe(0);
    expect(tableChips({ chips: [50, 200] })).toEqual([50, 200]);
    expect(tableChips({ chips: [] })).toEqual([100, 500, 1000, 5000, 10000]);
    expect(tableChips(null)).toEqual([100, 500, 1000, 5000, 10000]);
  });

  it('polls without the socket, and with it only while a bet of mine is unsettled', () => {
    const s = initialTablePageState();
    expect(s).toMatchObject({ busy: false, socketOpen: false });
    expect(tablePolls(s)).toBe(true);
    const open = { ...s, socketOpen: true };
    expect(tablePolls(open)).toBe(false);
    expect(tablePolls({ ...open, model: { ...open.model, mine: [bet({ status: 'settling' })] } })).toBe(true);
    expect(tablePolls({ ...open, model: { ...open.model, mine: [bet({ status: 'closed' })] } })).toBe(false);
  });
});
