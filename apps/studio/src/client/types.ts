// The JSON the studio API answers (see ../plugin.ts and ../rounds.ts).

export type StepView = { step: number; outcome: unknown; win: number };
export type RoundView = {
  roundId: string;
  vendor: string;
  gameCode: string;
  engine: string;
  mode: 'real' | 'trial';
  currency: string;
  bet: unknown;
  stake: number;
  win: number;
  steps: StepView[];
  pendingSteps: number;
  status: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  serverSeed: string | null;
  createdAt: string;
};
export type PlayAnswer = { round: RoundView; balance: number; winPending: boolean };
export type SeedView = { serverSeedHash: string; clientSeed: string; nonce: number };
export type SessionInfo = {
  mode: 'real' | 'trial';
  vendor: string;
  gameCode: string;
  engine: string | null;
  declaredRtp: number | null;
  game: unknown;
  defaultBet: unknown;
  currency: string;
  language: string;
  lobbyUrl: string | null;
  balance: number | null;
  fairness: SeedView;
  openRound: RoundView | null;
};

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
