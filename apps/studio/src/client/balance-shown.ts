// The balance a game page shows. Several requests carry it (a poll, a bet, a cash-out, a refresh at
// a round's result) and their answers can come back in another order than they left: a poll that
// left before a bet and is answered after it carries the balance from before the bet. A balance is
// shown only if its request left after the request whose balance is shown, so a late answer never
// takes a newer balance back.

export type BalanceShown = {
  /** Call before sending a request whose answer carries a balance; pass its ticket to `show`. */
  ticket: () => number;
  /** Shows `minor` (null: the answer had none) unless a later request's balance is shown already. */
  show: (ticket: number, minor: number | null) => void;
};

export function balanceShown(el: HTMLElement, format: (minor: number) => string): BalanceShown {
  let sent = 0;
  let shown = 0;
  return {
    ticket: () => ++sent,
    show(ticket, minor) {
      if (minor === null || ticket < shown) return;
      shown = ticket;
      el.textContent = format(minor);
    },
  };
}
