// The studio's error codes: every refusal of its HTTP API is { error: { code, message } } with the
// HTTP status below. The game page shows the message; scripts act on the code.
export const studioErrors = {
  STUDIO_BAD_REQUEST: { status: 400, message: 'The request is not valid' },
  STUDIO_BAD_BET: { status: 400, message: 'The bet is not valid for this game' },
  STUDIO_UNKNOWN_GAME: { status: 404, message: 'This game is not served by the house studio' },
  STUDIO_SESSION_REQUIRED: { status: 401, message: 'The game session is missing: reopen the game from the lobby' },
  STUDIO_SESSION_INVALID: {
    status: 401,
    message: 'The game session is not valid or has expired: reopen the game from the lobby',
  },
  STUDIO_INSUFFICIENT_FUNDS: { status: 422, message: 'Insufficient balance for this bet' },
  STUDIO_PLAYER_DISABLED: {
    status: 403,
    message: 'Your account cannot play right now, please contact customer service',
  },
  STUDIO_PLAYER_LIMIT: {
    status: 403,
    message: 'This bet would go over your wager or loss limit, or your session time is up',
  },
  STUDIO_PLAYER_EXCLUDED: {
    status: 403,
    message: 'You are taking a break from play: betting is closed until it ends',
  },
  STUDIO_WALLET_REFUSED: { status: 409, message: 'The wallet refused the bet' },
  STUDIO_WALLET_UNAVAILABLE: {
    status: 503,
    message: 'The wallet did not answer: the round was cancelled and any stake taken is returned',
  },
  STUDIO_ROUND_IN_PROGRESS: { status: 409, message: 'Finish the round in progress first' },
  STUDIO_ROUND_NOT_FOUND: { status: 404, message: 'No such round' },
  STUDIO_NOT_SUPPORTED: { status: 400, message: 'This game does not support that action' },
  STUDIO_NOT_FOUND: { status: 404, message: 'Not found' },
  STUDIO_CRASH_BETTING_CLOSED: { status: 409, message: 'Betting on this round has closed, wait for the next round' },
  STUDIO_CRASH_ALREADY_BET: { status: 409, message: 'You already have a bet on this round' },
  STUDIO_CRASH_NO_BET: { status: 409, message: 'You have no bet running in this round' },
  STUDIO_CRASH_NOT_RUNNING: { status: 409, message: 'The multiplier is not rising yet' },
  STUDIO_CRASH_TOO_LATE: { status: 409, message: 'Too late: the round crashed before your cash-out' },
  STUDIO_TABLE_BETTING_CLOSED: {
    status: 409,
    message: 'Bets are closed for this round: wait for the next betting phase',
  },
  STUDIO_TABLE_LIMIT: { status: 409, message: 'This bet is over the table limit for one round' },
  STUDIO_LIVE_TABLE_ONLY: {
    status: 400,
    message: 'This game is played at its live table only: place the bet in the betting phase of the shared round',
  },
} as const;

export type StudioErrorCode = keyof typeof studioErrors;

export class StudioError extends Error {
  readonly code: StudioErrorCode;
  readonly status: number;
  readonly detail: unknown;
  constructor(code: StudioErrorCode, detail?: unknown, message?: string) {
    super(message ?? studioErrors[code].message);
    this.code = code;
    this.status = studioErrors[code].status;
    this.detail = detail;
  }
}

/** An error as the studio answers it, over HTTP and over the crash socket alike. */
export type StudioErrorBody = { code: string; message: string; detail: unknown };

export function studioErrorBody(error: StudioError): StudioErrorBody {
  return { code: error.code, message: error.message, detail: error.detail ?? null };
}

/** The answer to an unexpected error: nothing of it leaks to the page (it is logged instead). */
export const INTERNAL_ERROR_BODY: StudioErrorBody = {
  code: 'STUDIO_INTERNAL',
  message: 'Unexpected error, please try again',
  detail: null,
};
