// The one error the table engine throws for a refused input. Its message is a stable code the studio
// service maps to its error envelope (the player's words come from the code, never from `detail`),
// and the state passed in is never changed by a refused input: every engine function works on a copy.
export type PvpErrorCode =
  | 'PVP_BAD_CONFIG'
  | 'PVP_BAD_SEAT'
  | 'PVP_SEAT_TAKEN'
  | 'PVP_ALREADY_SEATED'
  | 'PVP_NOT_SEATED'
  | 'PVP_BUY_IN_RANGE'
  | 'PVP_BAD_AMOUNT'
  | 'PVP_TOP_UP_OVER_MAX'
  | 'PVP_IN_HAND'
  | 'PVP_NOT_SITTING_OUT'
  | 'PVP_HAND_IN_PROGRESS'
  | 'PVP_NOT_ENOUGH_PLAYERS'
  | 'PVP_BAD_DECK'
  | 'PVP_NO_HAND'
  | 'PVP_HAND_OVER'
  | 'PVP_HAND_NOT_OVER'
  | 'PVP_NOT_IN_HAND'
  | 'PVP_NOT_YOUR_TURN'
  | 'PVP_UNKNOWN_ACTION'
  | 'PVP_CANNOT_CHECK'
  | 'PVP_NOTHING_TO_CALL'
  | 'PVP_RAISE_NOT_ALLOWED'
  | 'PVP_RAISE_NOT_REOPENED'
  | 'PVP_BELOW_MIN_RAISE'
  | 'PVP_OVER_POT_LIMIT'
  | 'PVP_OVER_STACK';

export class PvpError extends Error {
  constructor(
    readonly code: PvpErrorCode,
    readonly detail = '',
  ) {
    super(code);
    this.name = 'PvpError';
  }
}

export function refuse(code: PvpErrorCode, detail = ''): never {
  throw new PvpError(code, detail);
}
