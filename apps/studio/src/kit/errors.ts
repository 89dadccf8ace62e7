import { type ErrorWords, errorWords } from './error-words';

// The studio's error codes: every refusal of its HTTP API is { error: { code, message } } with the
// HTTP status below. The game page shows the message, in the session's launch language
// (error-words.ts); scripts act on the code, which is the same in every language.
export const studioErrors = {
  STUDIO_BAD_REQUEST: { status: 400 },
  STUDIO_BAD_BET: { status: 400 },
  STUDIO_UNKNOWN_GAME: { status: 404 },
  STUDIO_SESSION_REQUIRED: { status: 401 },
  STUDIO_SESSION_INVALID: { status: 401 },
  STUDIO_SESSION_ENDED: { status: 401 },
  STUDIO_INSUFFICIENT_FUNDS: { status: 422 },
  STUDIO_PLAYER_DISABLED: { status: 403 },
  STUDIO_PLAYER_LIMIT: { status: 403 },
  STUDIO_PLAYER_EXCLUDED: { status: 403 },
  STUDIO_BONUS_MAX_BET: { status: 403 },
  STUDIO_WALLET_REFUSED: { status: 409 },
  STUDIO_WALLET_UNAVAILABLE: { status: 503 },
  STUDIO_ROUND_IN_PROGRESS: { status: 409 },
  STUDIO_ROUND_NOT_FOUND: { status: 404 },
  STUDIO_NOT_SUPPORTED: { status: 400 },
  STUDIO_NOT_FOUND: { status: 404 },
  STUDIO_CRASH_BETTING_CLOSED: { status: 409 },
  STUDIO_CRASH_ALREADY_BET: { status: 409 },
  STUDIO_CRASH_NO_BET: { status: 409 },
  STUDIO_CRASH_NOT_RUNNING: { status: 409 },
  STUDIO_CRASH_TOO_LATE: { status: 409 },
  STUDIO_TABLE_BETTING_CLOSED: { status: 409 },
  STUDIO_TABLE_LIMIT: { status: 409 },
  STUDIO_LIVE_TABLE_ONLY: { status: 400 },
  // The sportsbook (sportsbook/book/): the slip's refusals, cash-out and the trader API.
  SB_SELECTION_UNAVAILABLE: { status: 409 },
  SB_MARKET_SUSPENDED: { status: 409 },
  SB_MARKET_CLOSED: { status: 409 },
  SB_EVENT_STARTED: { status: 409 },
  SB_LAST_CALL: { status: 409 },
  SB_ODDS_CHANGED: { status: 409 },
  SB_CORRELATED_LEGS: { status: 400 },
  SB_BUILDER_SIZE: { status: 400 },
  SB_BUILDER_UNSUPPORTED: { status: 400 },
  SB_BUILDER_IMPOSSIBLE: { status: 400 },
  SB_BUILDER_UNPRICED: { status: 409 },
  SB_TOO_MANY_LEGS: { status: 400 },
  SB_BAD_SLIP: { status: 400 },
  SB_STAKE_TOO_LOW: { status: 400 },
  SB_STAKE_TOO_HIGH: { status: 409 },
  SB_PAYOUT_TOO_HIGH: { status: 409 },
  SB_LIABILITY: { status: 409 },
  SB_CASHOUT_UNAVAILABLE: { status: 409 },
  SB_CASHOUT_CHANGED: { status: 409 },
  SB_AUTO_CASHOUT_INVALID: { status: 422 },
  SB_BET_NOT_FOUND: { status: 404 },
  SB_EVENT_NOT_FOUND: { status: 404 },
  SB_RESULT_EXISTS: { status: 409 },
  SB_EVENT_NOT_STARTED: { status: 409 },
  SB_TRADER_SIGNATURE: { status: 401 },
  // The PVP card room (cardroom/room/): the engine's refusal code is the detail's `reason`.
  STUDIO_PVP_TABLE_NOT_FOUND: { status: 404 },
  STUDIO_PVP_REFUSED: { status: 409 },
  STUDIO_PVP_SAME_ADDRESS: { status: 409 },
  STUDIO_PVP_SAME_DEVICE: { status: 409 },
  STUDIO_PVP_REAL_ONLY: { status: 400 },
  STUDIO_PVP_NOT_SEATED: { status: 409 },
  STUDIO_PVP_BAD_SEQ: { status: 400 },
  STUDIO_PVP_SEAT_OFFERED: { status: 409 },
  STUDIO_PVP_NO_FREE_SEAT: { status: 409 },
  STUDIO_PVP_SNG_FULL: { status: 409 },
  STUDIO_PVP_SNG_STARTED: { status: 409 },
} as const;

export type StudioErrorCode = keyof typeof studioErrors;

/** An error's words, picked from the words of the language it is answered in. */
export type ErrorText = (words: ErrorWords) => string;

export class StudioError extends Error {
  readonly code: StudioErrorCode;
  readonly status: number;
  readonly detail: unknown;
  /** The words a player reads; `message` holds them in English (logs, tests, scripts). */
  readonly text: ErrorText;
  constructor(code: StudioErrorCode, detail?: unknown, text?: ErrorText) {
    const words: ErrorText = text ?? ((w) => w.codes[code]);
    super(words(errorWords('EN')));
    this.code = code;
    this.status = studioErrors[code].status;
    this.detail = detail;
    this.text = words;
  }

  /** The message in the launch language `language` (English for anything but TY). */
  messageIn(language: unknown): string {
    return this.text(errorWords(language));
  }
}

/** An error as the studio answers it, over HTTP and over the crash socket alike. */
export type StudioErrorBody = { code: string; message: string; detail: unknown };

/** The answer to `error` in the launch language `language` (the session's, English by default). */
export function studioErrorBody(error: StudioError, language: unknown = 'EN'): StudioErrorBody {
  return { code: error.code, message: error.messageIn(language), detail: error.detail ?? null };
}

/** A refusal with no StudioError behind it (the framework's, an unknown address) in `language`. */
export function plainErrorBody(code: StudioErrorCode, language: unknown = 'EN'): StudioErrorBody {
  return { code, message: errorWords(language).codes[code], detail: null };
}

/** The answer to an unexpected error: nothing of it leaks to the page (it is logged instead). */
export function internalErrorBody(language: unknown = 'EN'): StudioErrorBody {
  return { code: 'STUDIO_INTERNAL', message: errorWords(language).codes.STUDIO_INTERNAL, detail: null };
}
