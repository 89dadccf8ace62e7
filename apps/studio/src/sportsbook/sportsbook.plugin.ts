import type { RoundDeps } from '../kit/deps';
import { processLease } from '../kit/lease';
import type { StudioSession } from '../kit/sessions';
import { Book, type BookOptions } from './book/book';
import { readSimulatorPlan } from './book/settings';
import { feedsFromEnv, startingInBackground } from './feed/feed-env';
import { createJsonFeed } from './feed/json-feed';
import { createSimulator, databaseLease, simulatorSecret } from './feed/simulator';
import { SPORT_MODELS } from './model/models';

// The sportsbook's start in the studio (plugin.ts): the book and the feeds that price it.

export type SportsbookStart = {
  houseSecret: string;
  /** The book's own loop; off in tests, which drive book.tick(). */
  loop: boolean;
  /** Feed the book from the simulator and the providers the environment connects (plugin.ts `simulator`). */
  simulator: boolean;
  sportsbook?: BookOptions | undefined;
};

/** Starts the book with its feeds: the caller's sources (tests) alone, else the simulator and the environment's. */
export async function startSportsbook(
  deps: RoundDeps,
  balanceOf: (s: StudioSession) => Promise<number | null>,
  o: SportsbookStart,
): Promise<Book> {
  // Like the retry loop, the book's loop is off when retryIntervalMs is 0 (tests drive book.tick()).
  // Sources given by the caller (tests) stand alone; otherwise the simulator, unless the operator
  // stopped it, and the data providers the environment connects (feed-env.ts).
  const connected = o.simulator && o.sportsbook?.sources === undefined ? feedsFromEnv(process.env) : undefined;
  const simulate = connected?.simulator === true;
  const book = new Book(deps, balanceOf, {
    tickMs: o.loop ? undefined : 0,
    // Every node, feeding or not, tells the simulated matches' trackers and honours held cash-outs.
    houseSecret: o.houseSecret,
    ...(connected
      ? {
          sources: (b: Book) => [
            ...(simulate
              ? [
                  createSimulator({
                    secret: simulatorSecret(o.houseSecret),
                    models: SPORT_MODELS,
                    timeZone: b.timeZone,
                    marginOf: b.marginOf,
                    plan: () => readSimulatorPlan(deps.db),
                    now: deps.now,
                    lease: databaseLease(deps.db),
                    log: deps.log,
                  }),
                ]
              : []),
            // One process per database reads each feed (a file once, a URL at each poll), after the
            // studio has started: a slow provider or a busy database must not hold the start up.
            ...connected.feeds.map((feed) =>
              startingInBackground(
                createJsonFeed({
                  ...feed,
                  lease: processLease(deps.db, `sportsbook:feed:${'file' in feed ? 'file' : 'url'}`, deps.now),
                }),
                deps.log,
              ),
            ),
          ],
        }
      : {}),
    ...o.sportsbook,
  });
  await book.start();
  return book;
}
