// spec §9 winner strip: speed step 0.5 (pixels per frame), limit move 3 (the strip scrolls only
// when it holds at least three winners). Pure, unit-tested in winners-scroll.test.ts.
export const WINNER_STEP = 0.5;
export const WINNER_LIMIT_MOVE = 3;

export function winnersScroll(count: number, limitMove = WINNER_LIMIT_MOVE): boolean {
  return count >= limitMove;
}

/** The frame rate the spec's step is counted in. */
export const WINNER_FRAMES_PER_SECOND = 60;

/**
 * How long one loop of a strip whose list is rendered twice takes, in seconds: one list's width at
 * `step` pixels a frame. The strip moves by a CSS animation over that time (the compositor moves
 * it, the page's script does nothing per frame); 0 when there is nothing to move.
 */
export function winnerLoopSeconds(loopWidth: number, step = WINNER_STEP): number {
  if (loopWidth <= 0 || step <= 0) return 0;
  return loopWidth / (step * WINNER_FRAMES_PER_SECOND);
}
