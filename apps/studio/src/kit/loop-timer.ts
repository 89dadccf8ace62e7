// The timer of the studio's shared game loops (the crash stream, the live tables). While the loop
// has work it runs every tickMs; once a pass found nothing to do (nobody watching, no round left
// unfinished, nothing owed) it looks again only every idlePollMs, so an idle studio costs next to
// nothing. A watcher on this process calls wake() and the next tick runs at once; one on another
// process is seen within idlePollMs (through the database). SerialPasses keeps a loop's passes from
// overlapping, whoever asks for one.

/** How often an idle loop looks for work (a table or crash page opened on another process, a retry due). */
export const IDLE_POLL_MS = 1000;

export class LoopTimer {
  readonly #tickMs: number;
  readonly #idlePollMs: number;
  readonly #pass: () => Promise<void>;
  #timer: NodeJS.Timeout | undefined;
  #inFlight = false;
  #idle = false;
  #wake = false;
  #lastPass = 0;

  /** `pass` runs one step of the loop; it reports through `idle` whether it found work. */
  constructor(tickMs: number, pass: () => Promise<void>, idlePollMs = IDLE_POLL_MS) {
    this.#tickMs = tickMs;
    this.#pass = pass;
    this.#idlePollMs = idlePollMs;
  }

  /** Starts the timer; tickMs 0 runs none (tests drive the loop's tick()). */
  start(): void {
    if (this.#tickMs <= 0 || this.#timer) return;
    this.#timer = setInterval(() => {
      // A slow pass (a slow wallet) is not queued behind: the next one starts when it is done.
      if (this.#inFlight) return;
      if (this.#idle && !this.#wake && Date.now() - this.#lastPass < this.#idlePollMs) return;
      this.#wake = false;
      this.#lastPass = Date.now();
      this.#inFlight = true;
      void this.#pass()
        .catch(() => undefined)
        .finally(() => {
          this.#inFlight = false;
        });
    }, this.#tickMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** The last pass found nothing to do (true) or work (false). */
  set idle(idle: boolean) {
    this.#idle = idle;
  }

  /** Someone started watching here: the next tick runs a pass even while idle. */
  wake(): void {
    this.#wake = true;
  }
}

/**
 * A loop's passes one after another: a pass asked for while one runs (the timer's, a test's, a
 * request's) starts when that one is done, and a failed pass goes to `failed` without stopping the next.
 */
export class SerialPasses {
  readonly #failed: (err: unknown) => void;
  #last: Promise<unknown> = Promise.resolve();

  constructor(failed: (err: unknown) => void) {
    this.#failed = failed;
  }

  /** Runs `pass` after the passes asked for before it; answers its own outcome. */
  run<T>(pass: () => Promise<T>): Promise<T> {
    const next = this.#last.then(pass);
    this.#last = next.catch(this.#failed);
    return next;
  }

  /** Settles once the passes asked for so far are done (never rejects). */
  done(): Promise<unknown> {
    return this.#last;
  }
}
