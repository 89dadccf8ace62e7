import type {
  PvpChipDumpFlag,
  PvpIntegrityThresholds,
  PvpSoftPlayFlag,
  PvpTogetherPair,
} from '@gamehall/shared/api/pvp-records';
import { evaluate } from '../engine/evaluator';
import { categoryOf } from '../engine/hand-rank';
import type { Hand, HandEvent } from '../engine/types';

// The card room's integrity report (docs/pvp.md "Integrity report"): chip dumping and soft play
// between pairs of members, and the pairs dealt in together often enough for the platform to check
// whether they share an address or a device, computed from the recorded hands. Pure: the hands in, the flags out,
// so the definitions are tested on hand-built hands.

/** One finished hand as recorded: who sat where, their stacks before and after, and the engine's hand. */
export type RecordedHand = {
  handId: number;
  tableId: string;
  currency: string;
  bigBlind: number;
  /** The dealt-in players: seat, player id, stack before the deal and after the hand. */
  players: { seat: number; player: string; before: number; after: number }[];
  hand: Hand;
};

/** What one hand says of each player, as the flags read it. */
type HandFacts = {
  net: Map<string, number>;
  /** Folded after putting at least dumpBigFoldBigBlinds big blinds in the pot. */
  bigFold: Set<string>;
  /** All-in and beaten at a showdown holding no pair or better on the whole board. */
  weakAllIn: Set<string>;
  /** Post-flop streets: who could still act when it was dealt, and who bet or raised on it. */
  streets: { active: Set<string>; aggressive: Set<string> }[];
};

function factsOf(h: RecordedHand, bigFoldChips: number): HandFacts {
  const bySeat = new Map(h.players.map((p) => [p.seat, p.player]));
  const net = new Map(h.players.map((p) => [p.player, p.after - p.before]));
  const bigFold = new Set<string>();
  const weakAllIn = new Set<string>();
  for (const hp of h.hand.players) {
    const player = bySeat.get(hp.seat);
    if (player === undefined) continue;
    if (hp.folded && hp.committed >= bigFoldChips) bigFold.add(player);
    if (hp.allIn && !hp.folded && (net.get(player) ?? 0) < 0 && h.hand.board.length === 5) {
      if (categoryOf(evaluate([...hp.hole, ...h.hand.board])) === 'high-card') weakAllIn.add(player);
    }
  }
  const streets: HandFacts['streets'] = [];
  const out = new Set<number>();
  let current: HandFacts['streets'][number] | null = null;
  const mark = (e: HandEvent) => {
    if ((e.type === 'action' || e.type === 'blind') && (e.allIn || (e.type === 'action' && e.action === 'fold'))) {
      out.add(e.seat);
    }
  };
  for (const e of h.hand.events) {
    if (e.type === 'street' && e.street !== 'preflop') {
      const active = new Set(
        h.hand.players.filter((p) => !out.has(p.seat)).map((p) => bySeat.get(p.seat) ?? `seat:${p.seat}`),
      );
      // A street where fewer than two can act has no betting to read.
      current = active.size >= 2 ? { active, aggressive: new Set() } : null;
      if (current) streets.push(current);
      continue;
    }
    if (e.type === 'action' && current && (e.action === 'bet' || e.action === 'raise')) {
      const player = bySeat.get(e.seat);
      if (player !== undefined) current.aggressive.add(player);
    }
    mark(e);
  }
  return { net, bigFold, weakAllIn, streets };
}

type DumpTally = {
  from: string;
  to: string;
  currency: string;
  tables: Set<string>;
  lost: number;
  hands: number;
  suspiciousAmount: number;
  bigFolds: number;
  weakAllIns: number;
  suspiciousHands: number[];
  otherHands: number[];
  firstHand: number;
  lastHand: number;
};

type SoftTally = {
  a: string;
  b: string;
  stake: string;
  currency: string;
  bigBlind: number;
  tables: Set<string>;
  sharedStreets: number;
  sharedAggressive: number;
  hands: Set<number>;
};

const pairKey = (a: string, b: string) => `${a}\u0000${b}`;
/** A stake level: the currency and the big blind. */
const stakeOf = (h: RecordedHand) => `${h.currency}\u0000${h.bigBlind}`;

/**
 * The flags over `hands` (finished hands of the window). Chip dumping, for each ordered pair A, B
 * of members in one currency: in every hand A lost chips and B won some, A's loss is shared among
 * the winners in proportion to what each won, and B's part is "lost to B". A flag when over the
 * window what A lost to B, less what B lost to A, reaches dumpMinAmount, in at least dumpMinHands
 * hands, and at least dumpMinSuspiciousPercent of it came from hands where A folded after putting in
 * dumpBigFoldBigBlinds big blinds or more, or went all-in and lost at a showdown holding no pair.
 *
 * Soft play, for each pair of members and stake level (currency and big blind): the post-flop streets
 * both could act on (the same table, neither folded nor all-in when it was dealt) are "shared"; a
 * shared street on which either bet or raised is aggressive. Their other streets are the post-flop
 * streets each played at tables of the same stake level with at least one other player and without
 * the other: like is compared with like, so a pair betting freely at other stakes is not read as
 * holding back at this one. A flag when they shared at least softMinSharedStreets streets,
 * were aggressive on at most softMaxSharedAggressionPercent of them, and bet or raised on at least
 * softMinOtherAggressionPercent of their other streets (and on at least softMinSharedStreets of
 * those streets, so the comparison has something behind it).
 */
export function integrityFlags(
  hands: readonly RecordedHand[],
  t: PvpIntegrityThresholds,
): { chipDumping: PvpChipDumpFlag[]; softPlay: PvpSoftPlayFlag[]; together: PvpTogetherPair[] } {
  const dumps = new Map<string, DumpTally>();
  const softs = new Map<string, SoftTally>();
  /** Each member's post-flop streets per stake level, keyed by stake and player. */
  const playerStreets = new Map<string, { active: Set<string>; aggressive: boolean }[]>();

  for (const h of hands) {
    const facts = factsOf(h, t.dumpBigFoldBigBlinds * h.bigBlind);
    const winners = [...facts.net].filter(([, n]) => n > 0);
    const won = winners.reduce((sum, [, n]) => sum + n, 0);
    for (const [a, n] of facts.net) {
      if (n >= 0 || won === 0) continue;
      for (const [b, w] of winners) {
        const key = pairKey(`${h.currency}`, pairKey(a, b));
        let d = dumps.get(key);
        if (!d) {
          d = {
            from: a,
            to: b,
            currency: h.currency,
            tables: new Set(),
            lost: 0,
            hands: 0,
            suspiciousAmount: 0,
            bigFolds: 0,
            weakAllIns: 0,
            suspiciousHands: [],
            otherHands: [],
            firstHand: h.handId,
            lastHand: h.handId,
          };
          dumps.set(key, d);
        }
        const part = (-n * w) / won;
        d.tables.add(h.tableId);
        d.lost += part;
        d.hands++;
        d.firstHand = Math.min(d.firstHand, h.handId);
        d.lastHand = Math.max(d.lastHand, h.handId);
        const bigFold = facts.bigFold.has(a);
        const weak = facts.weakAllIn.has(a);
        if (bigFold || weak) {
          d.suspiciousAmount += part;
          if (bigFold) d.bigFolds++;
          if (weak) d.weakAllIns++;
          d.suspiciousHands.push(h.handId);
        } else d.otherHands.push(h.handId);
      }
    }
    const stake = stakeOf(h);
    for (const s of facts.streets) {
      const members = [...s.active].filter((p) => !p.startsWith('seat:'));
      for (const p of members) {
        const key = pairKey(stake, p);
        const list = playerStreets.get(key) ?? [];
        list.push({ active: s.active, aggressive: s.aggressive.has(p) });
        playerStreets.set(key, list);
      }
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          const [a, b] = [members[i]!, members[j]!].sort(comparePlayers) as [string, string];
          const key = pairKey(stake, pairKey(a, b));
          let st = softs.get(key);
          if (!st) {
            st = {
              a,
              b,
              stake,
              currency: h.currency,
              bigBlind: h.bigBlind,
              tables: new Set(),
              sharedStreets: 0,
              sharedAggressive: 0,
              hands: new Set(),
            };
            softs.set(key, st);
          }
          st.tables.add(h.tableId);
          st.sharedStreets++;
          if (s.aggressive.has(a) || s.aggressive.has(b)) st.sharedAggressive++;
          st.hands.add(h.handId);
        }
      }
    }
  }

  const chipDumping: PvpChipDumpFlag[] = [];
  for (const d of dumps.values()) {
    const back = dumps.get(pairKey(d.currency, pairKey(d.to, d.from)));
    const lost = Math.round(d.lost);
    const lostBack = Math.round(back?.lost ?? 0);
    if (lost - lostBack < t.dumpMinAmount || d.hands < t.dumpMinHands) continue;
    if (d.lost <= 0 || (d.suspiciousAmount * 100) / d.lost < t.dumpMinSuspiciousPercent) continue;
    chipDumping.push({
      kind: 'chip_dumping',
      from: d.from,
      to: d.to,
      currency: d.currency,
      tables: [...d.tables].sort(),
      lost,
      lostBack,
      hands: d.hands,
      suspiciousAmount: Math.round(d.suspiciousAmount),
      bigFolds: d.bigFolds,
      weakAllIns: d.weakAllIns,
      handIds: [...d.suspiciousHands, ...d.otherHands].slice(0, 20),
      firstHandId: d.firstHand,
      lastHandId: d.lastHand,
    });
  }
  chipDumping.sort((x, y) => y.lost - y.lostBack - (x.lost - x.lostBack));

  const softPlay: PvpSoftPlayFlag[] = [];
  for (const st of softs.values()) {
    if (st.sharedStreets < t.softMinSharedStreets) continue;
    if (st.sharedAggressive * 100 > t.softMaxSharedAggressionPercent * st.sharedStreets) continue;
    let otherStreets = 0;
    let otherAggressive = 0;
    for (const [me, them] of [
      [st.a, st.b],
      [st.b, st.a],
    ] as const) {
      for (const s of playerStreets.get(pairKey(st.stake, me)) ?? []) {
        if (s.active.has(them)) continue;
        otherStreets++;
        if (s.aggressive) otherAggressive++;
      }
    }
    if (otherStreets < t.softMinSharedStreets) continue;
    if (otherAggressive * 100 < t.softMinOtherAggressionPercent * otherStreets) continue;
    const hands = [...st.hands];
    softPlay.push({
      kind: 'soft_play',
      a: st.a,
      b: st.b,
      currency: st.currency,
      bigBlind: st.bigBlind,
      tables: [...st.tables].sort(),
      sharedStreets: st.sharedStreets,
      sharedAggressive: st.sharedAggressive,
      otherStreets,
      otherAggressive,
      handIds: hands.slice(0, 20),
      firstHandId: Math.min(...hands),
      lastHandId: Math.max(...hands),
    });
  }
  softPlay.sort((x, y) => y.sharedStreets - x.sharedStreets);
  return { chipDumping, softPlay, together: handsTogether(hands, t.linkedMinHands) };
}

/** Hand ids a pair carries: enough to open the hands, bounded so a busy pair does not swell the answer. */
const TOGETHER_HAND_IDS = 50;

/**
 * The pairs of players dealt into at least `minHands` of the same hands, most hands first. Only the
 * platform knows who shares an address or a device, so the studio answers the pairs and the platform
 * keeps the linked ones: a pair at one table needs no betting pattern to be worth reading when the
 * same person may sit behind both seats.
 */
export function handsTogether(hands: readonly RecordedHand[], minHands: number): PvpTogetherPair[] {
  const pairs = new Map<string, { a: string; b: string; tables: Set<string>; handIds: number[] }>();
  for (const h of [...hands].sort((x, y) => x.handId - y.handId)) {
    const players = [...new Set(h.players.map((p) => p.player))].sort(comparePlayers);
    for (let i = 0; i < players.length; i++) {
      for (let j = i + 1; j < players.length; j++) {
        const [a, b] = [players[i]!, players[j]!];
        const key = pairKey(a, b);
        let pair = pairs.get(key);
        if (!pair) {
          pair = { a, b, tables: new Set(), handIds: [] };
          pairs.set(key, pair);
        }
        pair.tables.add(h.tableId);
        pair.handIds.push(h.handId);
      }
    }
  }
  const together: PvpTogetherPair[] = [];
  for (const p of pairs.values()) {
    if (p.handIds.length < minHands) continue;
    together.push({
      a: p.a,
      b: p.b,
      hands: p.handIds.length,
      tables: [...p.tables].sort(),
      handIds: p.handIds.slice(0, TOGETHER_HAND_IDS),
      firstHandId: p.handIds[0]!,
      lastHandId: p.handIds[p.handIds.length - 1]!,
    });
  }
  return together.sort((x, y) => y.hands - x.hands || comparePlayers(x.a, y.a) || comparePlayers(x.b, y.b));
}

/** Player ids are decimal member ids: by number, then as text. */
function comparePlayers(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
