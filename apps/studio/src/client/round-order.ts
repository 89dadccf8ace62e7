// The order of the states a shared-round page (a live table, crash) is sent. The socket's first state
// is read beside the game's loop and can arrive after the loop's newer broadcast, and two reads in
// flight at once can even finish in the other order of their clocks. A state whose round is behind
// the shown one (an earlier round, an earlier phase of it, or no round) is such a late answer:
// showing it would take the round away, and the next state would bring it back as a new round,
// which clears the chips laid on it. The servers' clocks are not compared (two nodes' clocks
// differ a little), except over a long gap: a round far behind and a minute later is a table that
// started over (a new database), and it is shown.

type Look = { serverNow: string; round: { id: number; phase: string } | null };

/** A state later than this after the shown one is shown whatever its round. */
export const STARTED_OVER_MS = 60_000;

/** Whether `next` is a late answer behind the state `shown`; `phases` in the order a round goes through them. */
export function behindShown(shown: Look | null, next: Look, phases: readonly string[]): boolean {
  const was = shown?.round;
  if (!shown || !was) return false;
  const now = next.round;
  const behind =
    !now || now.id < was.id || (now.id === was.id && phases.indexOf(now.phase) < phases.indexOf(was.phase));
  return behind && Date.parse(next.serverNow) - Date.parse(shown.serverNow) < STARTED_OVER_MS;
}
