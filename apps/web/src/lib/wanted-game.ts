// spec §6 trial accounts: a trial player who chooses something that needs a real account is offered
// to register; once registered, what they chose opens (the game they wanted), not the home page.

type Opener = () => Promise<void> | void;
let wanted: Opener | null = null;

/** What to open once the player has registered (the latest choice wins). */
export function rememberWanted(open: Opener): void {
  wanted = open;
}

/** Takes what the player wanted, once. */
export function takeWanted(): Opener | null {
  const open = wanted;
  wanted = null;
  return open;
}
