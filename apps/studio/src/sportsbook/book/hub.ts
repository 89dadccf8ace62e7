import type { SbServerMessage } from '../api';

// The sportsbook page's sockets in this process: which events each one watches and whose bets it
// shows. A change is serialised once and the same text goes to every socket that watches it, so
// an odds move costs one JSON.stringify however many pages show the event.

type Send = (text: string) => void;

export type HubClient = { owner: string; send: Send; events: Set<string> };

/** A page watches at most this many events at once (its list, or one event page and the slip). */
export const MAX_WATCHED = 100;

export class SbHub {
  readonly #byEvent = new Map<string, Set<HubClient>>();
  readonly #byOwner = new Map<string, Set<HubClient>>();

  add(owner: string, send: Send): HubClient {
    const client: HubClient = { owner, send, events: new Set() };
    let mine = this.#byOwner.get(owner);
    if (!mine) {
      mine = new Set();
      this.#byOwner.set(owner, mine);
    }
    mine.add(client);
    return client;
  }

  remove(client: HubClient): void {
    this.watch(client, []);
    const mine = this.#byOwner.get(client.owner);
    mine?.delete(client);
    if (mine?.size === 0) this.#byOwner.delete(client.owner);
  }

  /** Replaces the events a page watches. */
  watch(client: HubClient, events: string[]): void {
    for (const id of client.events) {
      const set = this.#byEvent.get(id);
      set?.delete(client);
      if (set?.size === 0) this.#byEvent.delete(id);
    }
    client.events = new Set(events.slice(0, MAX_WATCHED));
    for (const id of client.events) {
      let set = this.#byEvent.get(id);
      if (!set) {
        set = new Set();
        this.#byEvent.set(id, set);
      }
      set.add(client);
    }
  }

  hasOwner(owner: string): boolean {
    return this.#byOwner.has(owner);
  }

  watched(eventId: string): boolean {
    return this.#byEvent.has(eventId);
  }

  get size(): number {
    let n = 0;
    for (const set of this.#byOwner.values()) n += set.size;
    return n;
  }

  /** To every page watching the event; `message` is built only when someone watches. */
  toEvent(eventId: string, message: () => SbServerMessage): void {
    const set = this.#byEvent.get(eventId);
    if (!set) return;
    this.#send(set, JSON.stringify(message()));
  }

  /** To every page of one player (their bets and balance). */
  toOwner(owner: string, message: SbServerMessage): void {
    const set = this.#byOwner.get(owner);
    if (set) this.#send(set, JSON.stringify(message));
  }

  #send(set: Set<HubClient>, text: string): void {
    for (const client of set) {
      try {
        client.send(text);
      } catch {
        // A socket that cannot take a message is closed by its own error handler.
      }
    }
  }
}
