import type { FeedSink, FeedSource } from '../types';
import type { JsonFeedOptions } from './json-feed';

// How an operator connects a data provider without code (docs/sportsbook.md "Connecting a data
// provider"): a feed document file, an HTTP feed to poll, and whether the simulator still runs
// beside them. Read once at start; a value that cannot be right stops the start with its name.

export type FeedEnv = {
  /** The JSON feeds to start (file first, then URL), each named by the documents' own `source`. */
  feeds: JsonFeedOptions[];
  /** Whether the simulator feeds the book as well (SPORTSBOOK_SIMULATOR=off stops it). */
  simulator: boolean;
};

export const FEED_POLL_DEFAULT_MS = 2000;
const FEED_POLL_MIN_MS = 250;
const FEED_POLL_MAX_MS = 600_000;

export function feedsFromEnv(env: Readonly<Record<string, string | undefined>>): FeedEnv {
  const feeds: JsonFeedOptions[] = [];
  const file = env.SPORTSBOOK_FEED_FILE?.trim();
  if (file) feeds.push({ file });
  const url = env.SPORTSBOOK_FEED_URL?.trim();
  if (url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`SPORTSBOOK_FEED_URL is not a URL: ${url}`);
    }
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
      throw new Error(`SPORTSBOOK_FEED_URL must be http or https: ${url}`);
    const poll = env.SPORTSBOOK_FEED_POLL_MS?.trim();
    const pollMs = poll ? Number(poll) : FEED_POLL_DEFAULT_MS;
    if (!Number.isInteger(pollMs) || pollMs < FEED_POLL_MIN_MS || pollMs > FEED_POLL_MAX_MS)
      throw new Error(`SPORTSBOOK_FEED_POLL_MS must be ${FEED_POLL_MIN_MS} to ${FEED_POLL_MAX_MS} ms: ${poll}`);
    const authorization = env.SPORTSBOOK_FEED_AUTHORIZATION?.trim();
    feeds.push({ url, pollMs, ...(authorization ? { headers: { authorization } } : {}) });
  } else if (env.SPORTSBOOK_FEED_POLL_MS?.trim() || env.SPORTSBOOK_FEED_AUTHORIZATION?.trim()) {
    throw new Error('SPORTSBOOK_FEED_POLL_MS and SPORTSBOOK_FEED_AUTHORIZATION need SPORTSBOOK_FEED_URL');
  }
  const simulator = (env.SPORTSBOOK_SIMULATOR ?? '').trim().toLowerCase();
  if (simulator !== '' && simulator !== 'on' && simulator !== 'off')
    throw new Error(`SPORTSBOOK_SIMULATOR must be on or off: ${env.SPORTSBOOK_SIMULATOR}`);
  return { feeds, simulator: simulator !== 'off' };
}

/**
 * `source` started without being waited for: its first read or poll runs while the studio goes
 * on starting (a failure is logged; the feed's own polls carry on), and stopping ends it first.
 */
export function startingInBackground(
  source: FeedSource,
  log: { warn: (obj: object, msg: string) => void },
): FeedSource {
  let started: Promise<void> = Promise.resolve();
  return {
    name: source.name,
    start(sink: FeedSink): Promise<void> {
      started = source
        .start(sink)
        .catch((err) => log.warn({ err, source: source.name }, 'sportsbook feed did not start'));
      return Promise.resolve();
    },
    async stop(): Promise<void> {
      // Stopped first, so a read or poll under way ends (its fetch aborted) instead of being waited out.
      await source.stop();
      await started;
    },
  };
}
