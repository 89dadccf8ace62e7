// The state feed of a shared-round game's pages (the crash stream, one live table): the sends of
// the open sockets, and the last state sent. A page gets the state when it changed, and at least
// every second even when it did not (the pages re-sync their clocks on serverNow).

type Send = (message: string) => void;

const RESEND_MS = 1000;

export class StateFeed {
  readonly #sends = new Set<Send>();
  #lastKey = '';
  #lastAt = 0;

  get size(): number {
    return this.#sends.size;
  }

  /** Adds a page's send; answers the function that removes it. */
  add(send: Send): () => void {
    this.#sends.add(send);
    return () => {
      this.#sends.delete(send);
    };
  }

  clear(): void {
    this.#sends.clear();
  }

  /** Sends `state` to one page (its first message). */
  static sendTo(send: Send, state: unknown): void {
    send(JSON.stringify({ type: 'state', data: state }));
  }

  /** Sends `state` to every page when it changed since the last send (serverNow aside) or a second passed. */
  publish(state: { serverNow: string }): void {
    const key = JSON.stringify({ ...state, serverNow: '' });
    const at = Date.now();
    if (key === this.#lastKey && at - this.#lastAt < RESEND_MS) return;
    this.#lastKey = key;
    this.#lastAt = at;
    const message = JSON.stringify({ type: 'state', data: state });
    for (const send of this.#sends) {
      try {
        send(message);
      } catch {
        this.#sends.delete(send);
      }
    }
  }
}
