import type { ErrorCode } from '@gamehall/shared/errors';
import { AppError } from '../../http/errors';

// THE guard of every send to many members (docs/messages.md "Sending to many"): broadcasts and
// campaigns both go through it, so no screen can message everyone in one click.

export type SendConfirmation = {
  confirmReach: number;
  typedReach?: string | undefined;
  idempotencyKey: string;
};

/**
 * Refuses a send whose confirmed reach is not the reach now, or, for an audience of everyone, whose
 * reach was not typed in by hand as well. `code` is the screen's own stable code.
 */
export function assertReachConfirmed(
  code: Extract<ErrorCode, 'BROADCAST_REACH_UNCONFIRMED' | 'CAMPAIGN_REACH_UNCONFIRMED'>,
  reach: number,
  everyone: boolean,
  input: SendConfirmation,
): void {
  if (input.confirmReach !== reach) throw new AppError(code, { value: { reach } });
  if (everyone && input.typedReach !== String(reach)) throw new AppError(code, { value: { reach, everyone: true } });
}

/**
 * Makes a send once per idempotency key, in the caller's transaction: the send the key already made
 * is answered again; otherwise `send` runs, and its insert of the key (ON CONFLICT DO NOTHING on the
 * unique key) returns undefined when another request with the key committed first (the insert
 * waits for it), in which case that request's send is answered. Nothing is sent twice.
 */
export async function sendOnce<T>(find: () => Promise<T | undefined>, send: () => Promise<T | undefined>): Promise<T> {
  const done = await find();
  if (done !== undefined) return done;
  const made = await send();
  if (made !== undefined) return made;
  const other = await find();
  if (other === undefined) throw new Error('a send key conflicted but its send is not found');
  return other;
}
