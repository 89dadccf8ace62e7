// What the game page knows and decides, without a DOM: which page a launch opens, what the message
// says once a step is shown, when the free spins buttons show, how a failed call reads and what a
// history row says. play-state.test.ts checks them.
import type { GameWords } from './game-words';
import type { PlayAnswer, RoundView, StepView } from './types';
import { ApiError, money } from './ui';

export type ShellWords = GameWords['shell'];

export type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** What the page's parts share: the API with the game token, the shell's words and the page's language. */
export type PlayContext = { api: Api; w: ShellWords; language: unknown };

/** What the page holds between calls: whether one is under way (another is not sent meanwhile). */
export type PlayModel = { busy: boolean };

export function initialPlayModel(): PlayModel {
  return { busy: false };
}

/** The page a launch opens: crash, the lottery and the live tables have their own; the rest play here. */
export type PageKind = 'crash' | 'lottery' | 'table' | 'game';

export function pageKindOf(engine: string | null): PageKind {
  if (engine === 'crash') return 'crash';
  if (engine === 'lottery') return 'lottery';
  if (engine === 'baccarat' || engine === 'roulette') return 'table';
  return 'game';
}

/** The Tongits table a launch opens (a card table's address names its table), or null for none. */
export function tongitsTableOf(tableId: string | null, gameCode: string): string | null {
  return tableId && gameCode.startsWith('PVP-') ? tableId : null;
}

/** What the message says once a step is shown: a win still being paid, free spins owed, the win or none. */
export function answerMessage(answer: Pick<PlayAnswer, 'winPending' | 'round'>, w: ShellWords): string {
  if (answer.winPending) return w.winPending;
  if (answer.round.pendingSteps > 0) return w.freeSpinsToPlay(answer.round.pendingSteps);
  if (answer.round.win > 0) return w.youWon(money(answer.round.win));
  return w.noWin;
}

/** Whether the free spins buttons are hidden: no round, or one that owes no step. */
export function hidesContinue(round: Pick<RoundView, 'pendingSteps'> | null): boolean {
  return !round || round.pendingSteps <= 0;
}

/** A round's latest step, the one the stage shows; none before the first. */
export function lastStepOf(round: Pick<RoundView, 'steps'>): StepView | undefined {
  return round.steps[round.steps.length - 1];
}

/**
 * How a failed call reads (the server's own message, else the page's) and whether the session is
 * fetched again: funds too low means the balance shown is stale.
 */
export function failureOf(err: unknown, w: ShellWords): { text: string; refreshSession: boolean } {
  return {
    text: err instanceof ApiError ? err.message : w.somethingWrong,
    refreshSession: err instanceof ApiError && err.code === 'STUDIO_INSUFFICIENT_FUNDS',
  };
}

/** A history row's link text: "verify" once the round's seed is revealed, its nonce until then. */
export function verifyLinkText(r: Pick<RoundView, 'serverSeed' | 'nonce'>, w: ShellWords): string {
  return r.serverSeed ? w.verifyLink : `#${r.nonce}`;
}

/** A history row's win cell class: marked when the round won something. */
export function winClass(r: Pick<RoundView, 'win'>): string {
  return r.win > 0 ? 'win' : '';
}
