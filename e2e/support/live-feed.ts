import { readFileSync, renameSync, writeFileSync } from 'node:fs';

// The data provider's HTTP feed the runner serves (e2e/run.ts startLiveFeed): a spec appends
// messages to its document, and the book applies them at its next poll (every 500 ms). The format
// is docs/sportsbook.md "The document format"; seq and at are filled in here.

/** The source the live feed's documents name. */
export const LIVE_FEED_SOURCE = 'e2e-live';

type Message = { kind: string; seq: number; at: string } & Record<string, unknown>;
type Unstamped = { kind: string } & Record<string, unknown>;

/** A feed document of `source` holding `messages` (the live feed's, and the runner's file feed). */
export function feedDocument(source: string, messages: readonly object[]) {
  return { format: 'gamehall-sportsbook-feed', version: 1, source, messages };
}

function feedFile(): string {
  const file = process.env.E2E_LIVE_FEED;
  if (!file) throw new Error('E2E_LIVE_FEED is not set: run the browser tests with `npm run test:e2e`');
  return file;
}

/**
 * Appends messages to the feed, each with the next seq and the time now. The document is replaced
 * whole (written aside, then renamed), so a poll never reads half of it.
 */
export function pushLiveFeed(messages: Unstamped[]): void {
  const file = feedFile();
  const doc = JSON.parse(readFileSync(file, 'utf8')) as { messages: Message[] };
  let seq = doc.messages.at(-1)?.seq ?? 0;
  const at = new Date().toISOString();
  const next = [...doc.messages, ...messages.map((m) => ({ ...m, seq: ++seq, at }))];
  writeFileSync(`${file}.next`, JSON.stringify(feedDocument(LIVE_FEED_SOURCE, next)));
  renameSync(`${file}.next`, file);
}
