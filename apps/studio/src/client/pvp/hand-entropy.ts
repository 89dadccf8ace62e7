// A card table page's part of each hand's deck (docs/pvp.md "Fair shuffle"): once the table shows
// the next hand's committed server seed hash, the page sends a value of its own for it (fresh random
// bits from the browser, or the player's own client seed when they set one), so the server, which
// chose its seed before seeing the value, cannot pick a deck. Both card tables use it.

/** A fresh contribution: 128 random bits from the browser's generator, as 32 hex digits. */
export function freshEntropy(
  fill: (bytes: Uint8Array<ArrayBuffer>) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  return Array.from(fill(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

type Seated = { nextServerSeedHash: string; you: { seat: number | null; clientSeed: string | null } };

/** What the page sent for which commitment: each commitment gets one value, sent once it is shown. */
export class HandEntropy {
  #sentFor: string | null = null;
  #value: string | null = null;
  constructor(private readonly fresh: () => string = () => freshEntropy()) {}

  /** The value to send for the view's commitment, or null when already sent or not seated. */
  due(view: Seated): { hash: string; value: string } | null {
    if (view.you.seat === null || view.nextServerSeedHash === this.#sentFor) return null;
    this.#sentFor = view.nextServerSeedHash;
    this.#value = view.you.clientSeed || this.fresh();
    return { hash: this.#sentFor, value: this.#value };
  }

  /** The send failed (the socket dropped, the seed moved on): the next view sends again. */
  failed(hash: string): void {
    if (this.#sentFor === hash) this.#sentFor = null;
  }

  /** The player saved a seed of their own: sent again for the commitment shown, in place of the last. */
  reset(): void {
    this.#sentFor = null;
  }
}
