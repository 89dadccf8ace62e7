// What the fish, duel, match and derby scenes show, built only from the server's outcome
// (presentation replays the outcome the server returned). The scenes (fish.ts, duel.ts, match.ts,
// derby.ts) animate these plans and nothing else; the tests compare every plan with the engine's
// round. No DOM here; the texts are in the launch language the scene passes (game-words.ts).
import { gameWords } from '../game-words';

type Card = { rank: number; suit: number };

// ---- Fish -------------------------------------------------------------------------------------

export type FishOutcome = {
  school: number[];
  shots: { kind: number; captured: boolean; win: number }[];
  captured: number;
};

export type FishShotPlan = {
  /** The place in the sea the shot flies to. */
  slot: number;
  kind: number;
  /** The fish swims into this place before the shot (the engine's school changed after a catch). */
  arrives: boolean;
  captured: boolean;
  win: number;
  /** Running total after this shot. */
  total: number;
};

export type FishPlan = { start: number[]; shots: FishShotPlan[]; total: number; captured: number; caught: number[] };

/**
 * The shots in order, each at a place holding the fish kind the server says it hit. A caught fish
 * leaves the sea; a shot at a kind no longer in the sea first brings one in (the engine refilled
 * the school with a fish it does not report), into an empty place when there is one.
 */
export function presentFish(o: FishOutcome): FishPlan {
  const sea = [...o.school];
  const shots: FishShotPlan[] = [];
  let total = 0;
  const caught: number[] = [];
  o.shots.forEach((shot, i) => {
    let slot = sea.indexOf(shot.kind);
    const arrives = slot < 0;
    if (arrives) {
      slot = sea.indexOf(-1);
      if (slot < 0) slot = i % Math.max(1, sea.length);
      sea[slot] = shot.kind;
    }
    total += shot.win;
    if (shot.captured) {
      caught.push(shot.kind);
      sea[slot] = -1;
    }
    shots.push({ slot, kind: shot.kind, arrives, captured: shot.captured, win: shot.win, total });
  });
  return { start: [...o.school], shots, total, captured: caught.length, caught };
}

// ---- Duel -------------------------------------------------------------------------------------

export type DuelOutcome = {
  player: Card[];
  house: Card[];
  playerHand: string;
  houseHand: string;
  result: 'win' | 'tie' | 'loss';
};

export type DuelPlan = {
  /** The deal, one card at a time, alternating as the engine dealt them (player first). */
  deal: { side: 'player' | 'house'; index: number; card: Card }[];
  playerHand: string;
  houseHand: string;
  result: 'win' | 'tie' | 'loss';
  verdict: string;
};

export function presentDuel(o: DuelOutcome, language: unknown = 'EN'): DuelPlan {
  const deal: DuelPlan['deal'] = [];
  for (let i = 0; i < Math.max(o.player.length, o.house.length); i++) {
    const p = o.player[i];
    const h = o.house[i];
    if (p) deal.push({ side: 'player', index: i, card: p });
    if (h) deal.push({ side: 'house', index: i, card: h });
  }
  const verdict = gameWords(language).duel.verdict[o.result];
  return { deal, playerHand: o.playerHand, houseHand: o.houseHand, result: o.result, verdict };
}

// ---- Match ------------------------------------------------------------------------------------

export type MatchOutcome = {
  home: string;
  away: string;
  score: [number, number];
  goals?: { side: 'home' | 'away'; minute: number }[];
  maps?: ('home' | 'away')[];
  winningSelections: string[];
};

export type MatchEvent = { side: 'home' | 'away'; minute: number; score: [number, number]; text: string };

export type MatchPlan = {
  sport: 'football' | 'esports';
  /** Goals at their minutes (football) or maps in order (esports, minute = map number). */
  events: MatchEvent[];
  score: [number, number];
  scoreline: string;
  winningSelections: string[];
};

export function presentMatch(o: MatchOutcome, language: unknown = 'EN'): MatchPlan {
  const words = gameWords(language).match;
  const events: MatchEvent[] = [];
  const score: [number, number] = [0, 0];
  const name = (side: 'home' | 'away') => (side === 'home' ? o.home : o.away);
  const sport = o.maps ? 'esports' : 'football';
  if (o.maps) {
    o.maps.forEach((side, i) => {
      score[side === 'home' ? 0 : 1]++;
      events.push({ side, minute: i + 1, score: [score[0], score[1]], text: `${words.map(i + 1)}: ${name(side)}` });
    });
  } else {
    const goals = [...(o.goals ?? [])].sort((a, b) => a.minute - b.minute);
    for (const g of goals) {
      score[g.side === 'home' ? 0 : 1]++;
      events.push({ ...g, score: [score[0], score[1]], text: `${g.minute}' ${name(g.side)}` });
    }
  }
  return {
    sport,
    events,
    score: [score[0], score[1]],
    scoreline: `${o.home} ${score[0]} – ${score[1]} ${o.away}`,
    winningSelections: o.winningSelections,
  };
}

// ---- Derby (the cockfight tiles) ----------------------------------------------------------------

export type DerbyOutcome = { meron: string; wala: string; result: 'meron' | 'wala' | 'draw'; seconds: number };

export type DerbyPlan = {
  /** Clashes in the pit, at these fight seconds; `lead` is who lands the blow. */
  clashes: { second: number; lead: 'meron' | 'wala' }[];
  seconds: number;
  result: 'meron' | 'wala' | 'draw';
  verdict: string;
};

/**
 * The exchanges drawn between the bell and the server's fight length. They are decoration derived
 * from the outcome alone (no randomness of the page): the winner lands the last blow, a draw ends
 * with the birds apart.
 */
export function presentDerby(o: DerbyOutcome, language: unknown = 'EN'): DerbyPlan {
  const words = gameWords(language).derby;
  const count = 3 + (o.seconds % 3);
  const clashes: DerbyPlan['clashes'] = [];
  for (let i = 0; i < count; i++) {
    const second = Math.max(1, Math.round((o.seconds * (i + 1)) / (count + 1)));
    const alternate: 'meron' | 'wala' = (o.seconds + i) % 2 === 0 ? 'meron' : 'wala';
    clashes.push({ second, lead: i === count - 1 && o.result !== 'draw' ? o.result : alternate });
  }
  const verdict =
    o.result === 'draw' ? words.drawAfter(o.seconds) : words.wins(o.result === 'meron' ? o.meron : o.wala, o.seconds);
  return { clashes, seconds: o.seconds, result: o.result, verdict };
}
