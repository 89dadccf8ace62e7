// The JSON the studio API answers, declared once beside the server that returns it (../api-types.ts).
import type { PlayAnswer, RoundView, StepView } from '../api-types';

export type { PlayAnswer, RoundView, SeedView, SessionInfo, StepView } from '../api-types';

/** What a game's UI gets from the page shell. */
export interface GameContext {
  game: unknown;
  defaultBet: unknown;
  currency: string;
  /** Plays a paid round with this bet; the shell debits, shows the result and refreshes balance and history. */
  play: (bet: unknown) => Promise<PlayAnswer | undefined>;
  /** Plays the next pending step (a free spin) of a round, shown like play's answer. */
  step?: (roundId: string) => Promise<PlayAnswer | undefined>;
  /** The game's declared return to player (a fraction), for its rules screen. */
  declaredRtp?: number | null;
  /** The page's sound effects (muted unless the player turned them on). */
  sound?: import('./sound').Sound;
  /** Shows the result text to everyone, screen readers included (the page's live region). */
  announce?: (text: string) => void;
}

export interface GameUi {
  mount(el: HTMLElement, ctx: GameContext): void;
  /** Draws one step of a round (the paid step or a free spin); a promise when the drawing animates. */
  showStep(step: StepView, round: RoundView): void | Promise<void>;
  /** Short text of a step for the history list. */
  summary?(step: StepView): string;
}
