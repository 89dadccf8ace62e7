// What the lottery page shows of a draw, computed from the server's result only (the
// lottery shows the draw being made, replaying the numbers the server drew). No DOM here:
// lottery-board.ts draws these steps and lottery-present.test.ts checks them against the engine.

import { gameWords } from '../game-words';

export type Prize = { tier: string; numbers: string[] };

/** One number revealed on the board: its tier, its place in the tier and its digits. */
export type DrawStep = { tier: string; index: number; number: string };

// The order the numbers are drawn in: the smallest prizes first and the top prize last, as the
// region's live draws build up to it (VN: seventh up to special; SEA 4D: consolation up to first).
const DRAW_ORDER = [
  'seventh',
  'sixth',
  'fifth',
  'fourth',
  'third',
  'second',
  'consolation',
  'starter',
  'first',
  'special',
];

/** The reveal order of a draw's numbers: every number of the result once, the top prize last. */
export function drawSequence(prizes: Prize[]): DrawStep[] {
  const rank = (tier: string) => {
    const i = DRAW_ORDER.indexOf(tier);
    return i < 0 ? -1 : i;
  };
  const tiers = [...prizes].sort((a, b) => rank(a.tier) - rank(b.tier));
  return tiers.flatMap((p) => p.numbers.map((number, index) => ({ tier: p.tier, index, number })));
}

export function tierName(tier: string, language: unknown = 'EN'): string {
  return gameWords(language).lottery.tiers[tier] ?? tier;
}

/** A prize tier's line in a ticket's or a draw's list: "Special: 12345", the tier in words. */
export function prizeLine(p: Prize, language: unknown = 'EN'): string {
  return `${tierName(p.tier, language)}: ${p.numbers.join(' ')}`;
}

/** A draw's top prize (the first tier the studio sends) as a ticket, a result and a message show it. */
export function topPrize(prizes: Prize[], language: unknown = 'EN'): { tier: string; numbers: string } {
  const top = prizes[0];
  return { tier: top ? tierName(top.tier, language) : '', numbers: top?.numbers.join(' ') ?? '' };
}

/** A bet type's name in the page's language: by its code, else the name the studio sent. */
export function betTypeLabel(t: { type?: string; name: string }, language: unknown = 'EN'): string {
  const names = gameWords(language).lottery.betTypeNames;
  return t.type && Object.hasOwn(names, t.type) ? (names[t.type] as string) : t.name;
}

/** The picker's line for a bet type: what to pick and what it pays. */
export function betTypeHint(
  t: {
    type?: string;
    name: string;
    digits: number;
    picks: number;
    odds100: number;
    tierPays: [tier: string, times: number][] | null;
  },
  language: unknown = 'EN',
): string {
  const words = gameWords(language).lottery;
  const tiers = t.tierPays;
  const pays = tiers
    ? words.paysByPrize(tiers.map(([tier, times]) => `${tierName(tier, language)} ${times}×`).join(', '))
    : words.paysPerHit((t.odds100 / 100).toFixed(2));
  return words.betTypeHint(betTypeLabel(t, language), t.picks, t.digits, pays);
}

/**
 * Whether a prize number counts for a ticket's pick (the engine's rules, casino/engines/lottery: which
 * tiers and which digits each bet type reads), to light the numbers a ticket hit on the board.
 */
export function numberHits(type: string, pick: string, tier: string, number: string): boolean {
  switch (type) {
    case 'lo2':
    case 'xien2':
      return number.length >= 2 && number.slice(-2) === pick;
    case 'lo3':
      return number.length >= 3 && number.slice(-3) === pick;
    case 'de':
    case 'de3':
    case 'duoi':
      return tier === 'special' && number.endsWith(pick);
    case 'dau':
      return tier === 'special' && number.charAt(number.length - 2) === pick;
    case 'straight':
      return tier === 'first' && number === pick;
    case 'last2':
      return tier === 'first' && number.endsWith(pick);
    case 'big':
      return number === pick;
    case 'small':
      return (tier === 'first' || tier === 'second' || tier === 'third') && number === pick;
    default:
      return false;
  }
}

/** The numbers of a draw that the tickets hit, as `${tier}:${index}` keys. */
export function hitKeys(prizes: Prize[], tickets: { bet: { type: string; numbers: string[] } }[]): Set<string> {
  const keys = new Set<string>();
  for (const p of prizes)
    p.numbers.forEach((n, i) => {
      if (tickets.some((t) => t.bet.numbers.some((pick) => numberHits(t.bet.type, pick, p.tier, n))))
        keys.add(`${p.tier}:${i}`);
    });
  return keys;
}

/** `picks` distinct random numbers of `digits` digits (a quick pick), from `random` in [0, 1). */
export function quickPick(digits: number, picks: number, random: () => number = Math.random): string[] {
  const out: string[] = [];
  const size = 10 ** digits;
  while (out.length < Math.min(picks, size)) {
    const n = String(Math.floor(random() * size) % size).padStart(digits, '0');
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** The numbers a ticket picks from its text: separated by spaces or commas, padded to the digits. */
export function readPicks(text: string, digits: number): string[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((n) => n.padStart(digits, '0'));
}

/** Toggles a number in a pick list that holds at most `picks` (the oldest goes when it is full). */
export function togglePick(current: string[], n: string, picks: number): string[] {
  if (current.includes(n)) return current.filter((c) => c !== n);
  const next = [...current, n];
  return next.length > picks ? next.slice(next.length - picks) : next;
}
