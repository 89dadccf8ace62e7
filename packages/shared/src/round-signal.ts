// The message a house game page posts to the window that embeds or opened it while it plays and
// shows a round (apps/studio/src/client/round-signal.ts), so the site can hold its balance until the
// round is shown (apps/web/src/lib/balance-hold.ts). It says nothing about the round.

export const ROUND_SIGNAL = 'gamehall:round';

export type RoundSignal = { type: typeof ROUND_SIGNAL; presenting: boolean };

/** What a posted message says if it is a round signal: presenting or not; undefined for any other message. */
export function roundSignalOf(data: unknown): boolean | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as { type?: unknown; presenting?: unknown };
  return message.type === ROUND_SIGNAL && typeof message.presenting === 'boolean' ? message.presenting : undefined;
}
