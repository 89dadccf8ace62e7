// spec §9 winner strip: speed step 0.5 (pixels per frame), limit move 3 (the strip scrolls only
// when it holds at least three winners). Pure, unit-tested in winners-scroll.test.ts.
export const WINNER_STEP = 0.5;
export const WINNER_LIMIT_MOVE = 3;

export function winnersScroll(count: number, limitMove = WINNER_LIMIT_MOVE): boolean {
  return count >= limitMove;
}

/**
 * The next offset of a strip whose list is rendered twice: after one list's width it wraps to 0,
 * so the second copy takes over seamlessly.
 */
export function nextWinnerOffset(offset: number, loopWidth: number, step = WINNER_STEP): number {
  if (loopWidth <= 0) return 0;
  const next = offset + step;
  return next >= loopWidth ? next - loopWidth : next;
}
