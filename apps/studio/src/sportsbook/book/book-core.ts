import type { RoundDeps } from '../../kit/deps';
import type { StudioSession } from '../../kit/sessions';
import type { SbHub } from './hub';

/** What placing, cash-out and the routes need of the book (book.ts implements it). */
export interface BookCore {
  readonly deps: RoundDeps;
  readonly hub: SbHub;
  /** The key the book signs held cash-out prices with (cash-out-hold.ts). */
  readonly holdKey: Buffer;
  /** The session's balance now: the wallet's (null when it does not answer) or the demo balance. */
  balanceOf(session: StudioSession): Promise<number | null>;
  /** Delivers the bet's due wallet moves now, in order (what is not answered is retried by the loop). */
  deliver(betRowId: number): Promise<void>;
  /** Tells the loop a bet waits for it. */
  wake(): void;
  /** Decides an in-play bet whose delay has passed. */
  decidePending(betRowId: number): Promise<boolean>;
}
