import type { Rng } from '../../kit/fair/rng';
import type { TrackerBall, TrackerEvent, TrackerKind, TrackerSide } from '../api';
import { ESPORTS_TITLES, type EsportsParams } from '../model/esports';
import type { FootballParams } from '../model/football';
import type { MatchState, Sport } from '../types';
import type { PlayedStep } from './match-run';

// What each sport's tracker makes of one played step of a simulated match. The model's own events
// (goals, cards, baskets, points, games, rounds, the fight's end) are taken as the step says, so the
// tracker's goals and points are the score the book prices and settles on; only what the model does
// not play (football's attacks, shots and corners between its goals, whether two points were a
// basket or two free throws) is drawn, from the step's own tracker stream, so it changes no price.

export type StepInput = {
  params: unknown;
  before: MatchState;
  played: PlayedStep;
  /** When the step before happened (the start time for the first). */
  prevAt: number;
  rng: Rng;
  ball: TrackerBall | null;
};
export type StepOutput = { events: TrackerEvent[]; ball: TrackerBall | null };
export type SportTracker = (input: StepInput) => StepOutput;

const other = (side: TrackerSide): TrackerSide => (side === 'home' ? 'away' : 'home');

function eventAt(input: StepInput, kind: TrackerKind, side: TrackerSide | null, clock?: number): TrackerEvent {
  const { before, played, prevAt } = input;
  const after = played.step.state;
  const end = after.clock?.seconds ?? null;
  const at = clock === undefined || end === null ? played.at : played.at - (end - clock) * 1000;
  return {
    at: new Date(Math.max(prevAt, at)).toISOString(),
    clock: clock ?? end,
    phase: before.status === 'scheduled' || before.status === 'break' ? after.phase : before.phase,
    kind,
    side,
  };
}

/** The step's model event as the tracker's, for the kinds every sport shares. */
function sharedEvent(input: StepInput): TrackerEvent | null {
  const e = input.played.step.event;
  if (e?.kind === 'kickoff' || e?.kind === 'period_end' || e?.kind === 'end') return eventAt(input, e.kind, null);
  return null;
}

// ---- football ----

/** Attacks a full minute may hold: 0 to 3. */
const ATTACKS_PER_MINUTE = 4;
const DANGEROUS = 0.45;
/** Of a dangerous attack: a shot below SHOT, a corner below CORNER. */
const SHOT = 0.3;
const CORNER = 0.5;
const ON_TARGET = 0.4;

/** One attack of `side` at `clock`: its events and where it leaves the ball. */
function attack(input: StepInput, side: TrackerSide, clock: number): StepOutput {
  const { rng } = input;
  const events = [eventAt(input, 'attack', side, clock)];
  if (rng.next() >= DANGEROUS) return { events, ball: { side, zone: 'attack' } };
  events.push(eventAt(input, 'dangerous_attack', side, clock));
  const u = rng.next();
  if (u < SHOT) {
    events.push(eventAt(input, rng.next() < ON_TARGET ? 'shot_on' : 'shot_off', side, clock));
    // A shot saved or wide: the keeper's side restarts from its defence.
    return { events, ball: { side: other(side), zone: 'defence' } };
  }
  if (u < CORNER) events.push(eventAt(input, 'corner', side, clock));
  return { events, ball: { side, zone: 'attack' } };
}

function footballStep(input: StepInput): StepOutput {
  const { before, played, rng } = input;
  const shared = sharedEvent(input);
  if (shared) {
    const ball: TrackerBall = { side: rng.int(2) === 0 ? 'home' : 'away', zone: 'midfield' };
    return { events: [shared], ball: shared.kind === 'kickoff' ? ball : input.ball };
  }
  if (before.status !== 'live') return { events: [], ball: input.ball };
  const from = before.clock?.seconds ?? 0;
  const to = played.step.state.clock?.seconds ?? from;
  const params = input.params as FootballParams;
  const homeShare = 0.5 + (0.25 * (params.homeXg - params.awayXg)) / Math.max(0.01, params.homeXg + params.awayXg);
  const count = Math.floor(rng.next() * ATTACKS_PER_MINUTE * Math.min(1, (to - from) / 60));
  const events: TrackerEvent[] = [];
  let ball = input.ball;
  for (let i = 0; i < count; i++) {
    const side: TrackerSide = rng.next() < homeShare ? 'home' : 'away';
    const clock = from + Math.floor(((i + 1) * (to - from)) / (count + 1));
    const out = attack(input, side, clock);
    events.push(...out.events);
    ball = out.ball;
  }
  const e = played.step.event;
  if (e?.kind === 'goal' && e.side) {
    // A goal ends an attack that was dangerous, with a shot on target; the other side kicks off.
    for (const kind of ['attack', 'dangerous_attack', 'shot_on', 'goal'] as const)
      events.push(eventAt(input, kind, e.side));
    ball = { side: other(e.side), zone: 'midfield' };
  } else if ((e?.kind === 'yellow_card' || e?.kind === 'red_card') && e.side) {
    events.push(eventAt(input, e.kind, e.side));
    ball = { side: other(e.side), zone: 'midfield' };
  }
  return { events, ball };
}

// ---- basketball ----

/** A two-point possession was two free throws this often (the model counts the points only). */
const TWO_FREE_THROWS = 0.12;

function possessionOf(state: MatchState): TrackerBall | null {
  const side = state.detail?.possession;
  return side === 'home' || side === 'away' ? { side, zone: null } : null;
}

function basketballStep(input: StepInput): StepOutput {
  const { before, played, rng } = input;
  const after = played.step.state;
  const ball = possessionOf(after) ?? input.ball;
  const shared = sharedEvent(input);
  if (shared) return { events: [shared], ball };
  const e = played.step.event;
  if (e?.kind !== 'point' || !e.side) return { events: [], ball };
  const points = after.score.counted[e.side] - before.score.counted[e.side];
  const baskets: [TrackerKind, number][] =
    points === 3
      ? [['three', 3]]
      : points === 2
        ? rng.next() < TWO_FREE_THROWS
          ? [
              ['free_throw', 1],
              ['free_throw', 1],
            ]
          : [['two', 2]]
        : Array.from({ length: points }, (): [TrackerKind, number] => ['free_throw', 1]);
  return { events: baskets.map(([kind, p]) => ({ ...eventAt(input, kind, e.side ?? null), points: p })), ball };
}

// ---- tennis ----

function tennisServer(state: MatchState): TrackerSide | null {
  const s = state.detail?.server;
  return s === 'home' || s === 'away' ? s : null;
}

function tennisStep(input: StepInput): StepOutput {
  const { before, played } = input;
  const after = played.step.state;
  const server = tennisServer(after);
  const ball: TrackerBall | null = server ? { side: server, zone: null } : input.ball;
  const e = played.step.event;
  if (e?.kind === 'kickoff') return { events: [eventAt(input, 'kickoff', null)], ball };
  if (!e) return { events: [], ball };
  const served = tennisServer(before) ?? 'home';
  const gamesChanged =
    after.score.counted.home + after.score.counted.away > before.score.counted.home + before.score.counted.away;
  const winner: TrackerSide = gamesChanged
    ? after.score.counted.home > before.score.counted.home
      ? 'home'
      : 'away'
    : Number(after.detail?.pointsHome ?? 0) > Number(before.detail?.pointsHome ?? 0)
      ? 'home'
      : 'away';
  const events: TrackerEvent[] = [{ ...eventAt(input, 'point', winner), server: served }];
  if (e.kind === 'break_point' && e.side) events.push(eventAt(input, 'break_point', e.side));
  if (gamesChanged) {
    // A tiebreak is nobody's service game: winning it is no break.
    const tiebreak = before.detail?.tiebreak === 1;
    events.push(eventAt(input, !tiebreak && winner !== served ? 'break' : 'game', winner));
    if (e.kind === 'set' || e.kind === 'end') events.push(eventAt(input, 'set', winner));
    if (e.kind === 'end') events.push(eventAt(input, 'end', winner));
  }
  return { events, ball };
}

// ---- e-sports ----

function esportsStep(input: StepInput): StepOutput {
  const e = input.played.step.event;
  if (!e) return { events: [], ball: null };
  if (e.kind === 'kickoff') return { events: [eventAt(input, 'kickoff', null)], ball: null };
  const side = e.side ?? null;
  const title = ESPORTS_TITLES[(input.params as EsportsParams).title];
  const unit = eventAt(input, title.unit === 'rounds' ? 'round' : 'kill', side);
  if (e.kind === 'round' || e.kind === 'point') return { events: [unit], ball: null };
  const events = [unit, eventAt(input, 'map', side)];
  if (e.kind === 'end') events.push(eventAt(input, 'end', side));
  return { events, ball: null };
}

// ---- cockfight ----

function cockfightStep(input: StepInput): StepOutput {
  const { played } = input;
  const after = played.step.state;
  const e = played.step.event;
  const kind: TrackerKind | null =
    input.before.status === 'scheduled'
      ? 'called'
      : e?.kind === 'last_call'
        ? 'last_call'
        : e?.kind === 'kickoff'
          ? 'release'
          : e?.kind === 'fight_end'
            ? 'fight_end'
            : after.status === 'abandoned'
              ? 'cancelled'
              : null;
  return { events: kind ? [eventAt(input, kind, e?.side ?? null)] : [], ball: null };
}

export const SPORT_TRACKERS: Readonly<Record<Sport, SportTracker>> = {
  football: footballStep,
  basketball: basketballStep,
  tennis: tennisStep,
  esports: esportsStep,
  cockfight: cockfightStep,
};
