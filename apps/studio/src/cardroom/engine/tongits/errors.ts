// The one error the Tongits engine throws for a refused input. Its message is a stable code the
// studio service maps to its error envelope (the player's words come from the code, never from
// `detail`); a refused input never changes the state passed in, because every engine function builds
// a new state and only returns it once the whole action has been checked.
export type TongitsErrorCode =
  | 'TONGITS_BAD_CONFIG'
  | 'TONGITS_BAD_DECK'
  | 'TONGITS_BAD_SEAT'
  | 'TONGITS_GAME_OVER'
  | 'TONGITS_NOT_YOUR_TURN'
  | 'TONGITS_UNKNOWN_ACTION'
  | 'TONGITS_MUST_DRAW_FIRST'
  | 'TONGITS_ALREADY_DREW'
  | 'TONGITS_NO_DISCARD'
  | 'TONGITS_CARD_NOT_IN_HAND'
  | 'TONGITS_DUPLICATE_CARD'
  | 'TONGITS_INVALID_MELD'
  | 'TONGITS_NO_SUCH_MELD'
  | 'TONGITS_INVALID_SAPAW'
  | 'TONGITS_CANNOT_CALL_DRAW'
  | 'TONGITS_CHALLENGE_PENDING'
  | 'TONGITS_NO_CHALLENGE'
  | 'TONGITS_CANNOT_CHALLENGE'
  // The cash table (table.ts).
  | 'TONGITS_NOT_SEATED'
  | 'TONGITS_ALREADY_SEATED'
  | 'TONGITS_SEAT_TAKEN'
  | 'TONGITS_BUY_IN_RANGE'
  | 'TONGITS_BAD_AMOUNT'
  | 'TONGITS_TOP_UP_OVER_MAX'
  | 'TONGITS_HANDS_SHOWN'
  | 'TONGITS_IN_DEAL'
  | 'TONGITS_DEAL_IN_PROGRESS'
  | 'TONGITS_NOT_ENOUGH_PLAYERS'
  | 'TONGITS_NO_DEAL';

export class TongitsError extends Error {
  constructor(
    readonly code: TongitsErrorCode,
    readonly detail = '',
  ) {
    super(code);
    this.name = 'TongitsError';
  }
}

export function refuse(code: TongitsErrorCode, detail = ''): never {
  throw new TongitsError(code, detail);
}
