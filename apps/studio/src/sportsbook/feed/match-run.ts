import { createFairRng } from '../../kit/fair/fair-rng';
import type { LeagueProfile, MatchStep, SportModel } from '../model/sport-model';
import type { Fixture, MatchState, Sport } from '../types';

// One simulated match, played from its seed on the real clock. Its parameters come from step 0 of
// the provably fair stream createFairRng(seed, fixtureId, 0, step) and its k-th step from step k
// (the studio's convention for a round of several steps, kit/fair/fair-rng.ts): a verifier with the
// revealed seed recomputes each step's floats on its own. The first step (the start) happens at the
// fixture's start time and each next one `afterMs` after the one before, so where a match stands at
// any instant follows from the seed and the clock alone: a restarted simulator replays the steps up
// to now and carries on.

/** The models the simulator plays, per sport (the sport registry's). */
export type SimModels = Partial<Record<Sport, SportModel<unknown>>>;

/** More steps than any match takes (a five-set tennis match takes about 300). */
const MAX_STEPS = 20_000;

export type PlayedStep = { at: number; index: number; step: MatchStep };

export class MatchRun {
  readonly params: unknown;
  #state: MatchState;
  #stepAt: number;
  #index = 0;
  #next: PlayedStep | null | undefined;
  #suspendedUntil = 0;

  constructor(
    readonly fixture: Fixture,
    readonly model: SportModel<unknown>,
    profile: LeagueProfile,
    readonly seed: string,
  ) {
    this.params = model.drawParams(createFairRng(seed, fixture.id, 0, 0), profile);
    this.#state = model.initial(this.params);
    this.#stepAt = Date.parse(fixture.startsAt);
  }

  get state(): MatchState {
    return this.#state;
  }

  /** When the last step happened (the start time before the first). */
  get stepAt(): number {
    return this.#stepAt;
  }

  /** Until when the last suspending step keeps the markets suspended. */
  get suspendedUntil(): number {
    return this.#suspendedUntil;
  }

  get ended(): boolean {
    return this.#peek() === null;
  }

  #peek(): PlayedStep | null {
    if (this.#next === undefined) {
      const index = this.#index + 1;
      const step =
        index > MAX_STEPS
          ? null
          : this.model.step(this.params, this.#state, createFairRng(this.seed, this.fixture.id, 0, index));
      this.#next = step ? { at: this.#stepAt + step.afterMs, index, step } : null;
    }
    return this.#next;
  }

  /** Plays the steps due by `now`, in order. */
  advanceTo(now: number): PlayedStep[] {
    const played: PlayedStep[] = [];
    for (let next = this.#peek(); next && next.at <= now; next = this.#peek()) {
      this.#state = next.step.state;
      this.#stepAt = next.at;
      this.#index = next.index;
      this.#next = undefined;
      if (next.step.suspendMs > 0) this.#suspendedUntil = Math.max(this.#suspendedUntil, next.at + next.step.suspendMs);
      played.push(next);
    }
    return played;
  }

  /** The state at `now` for pricing: a running clock moved on by the time since the last step. */
  stateAt(now: number): MatchState {
    const clock = this.#state.clock;
    if (!clock?.running || now <= this.#stepAt) return this.#state;
    return { ...this.#state, clock: { ...clock, seconds: clock.seconds + Math.floor((now - this.#stepAt) / 1000) } };
  }
}
