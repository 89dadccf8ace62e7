import { describe, expect, it, vi } from 'vitest';
import type { FeedSink, FeedSource } from '../types';
import { FEED_POLL_DEFAULT_MS, feedsFromEnv, startingInBackground } from './feed-env';

describe('the data providers an operator connects by environment', () => {
  it('connects nothing and keeps the simulator by default', () => {
    expect(feedsFromEnv({})).toEqual({ feeds: [], simulator: true });
  });

  it('reads a file and polls a URL with its key, and can stop the simulator', () => {
    expect(
      feedsFromEnv({
        SPORTSBOOK_FEED_FILE: ' /data/feed.json ',
        SPORTSBOOK_FEED_URL: 'https://provider.example/feed',
        SPORTSBOOK_FEED_POLL_MS: '5000',
        SPORTSBOOK_FEED_AUTHORIZATION: 'Bearer k-123',
        SPORTSBOOK_SIMULATOR: 'OFF',
      }),
    ).toEqual({
      feeds: [
        { file: '/data/feed.json' },
        { url: 'https://provider.example/feed', pollMs: 5000, headers: { authorization: 'Bearer k-123' } },
      ],
      simulator: false,
    });
    expect(feedsFromEnv({ SPORTSBOOK_FEED_URL: 'http://127.0.0.1:9000/feed' }).feeds).toEqual([
      { url: 'http://127.0.0.1:9000/feed', pollMs: FEED_POLL_DEFAULT_MS },
    ]);
  });

  it('stops the start on a value that cannot be right, naming it', () => {
    expect(() => feedsFromEnv({ SPORTSBOOK_FEED_URL: 'provider feed' })).toThrow(/SPORTSBOOK_FEED_URL is not a URL/);
    expect(() => feedsFromEnv({ SPORTSBOOK_FEED_URL: 'ftp://provider.example/feed' })).toThrow(/http or https/);
    for (const poll of ['0', '100', '2.5', 'soon', '600001'])
      expect(() =>
        feedsFromEnv({ SPORTSBOOK_FEED_URL: 'https://provider.example/feed', SPORTSBOOK_FEED_POLL_MS: poll }),
      ).toThrow(/SPORTSBOOK_FEED_POLL_MS must be 250 to 600000 ms/);
    expect(() => feedsFromEnv({ SPORTSBOOK_FEED_AUTHORIZATION: 'Bearer k' })).toThrow(/need SPORTSBOOK_FEED_URL/);
    expect(() => feedsFromEnv({ SPORTSBOOK_SIMULATOR: 'no' })).toThrow(/SPORTSBOOK_SIMULATOR must be on or off/);
  });
});

describe('a connected feed starts in the background', () => {
  const sink = { apply: async () => {} } as unknown as FeedSink;

  it('lets the studio go on while its first read runs, and a stop ends the source before waiting for it', async () => {
    let finish: () => void = () => {};
    const steps: string[] = [];
    const source: FeedSource = {
      name: 'slow-provider',
      start: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            steps.push('read done');
            resolve();
          };
        }),
      stop: async () => {
        steps.push('stopped');
        finish();
      },
    };
    const log = { warn: vi.fn() };
    const feed = startingInBackground(source, log);
    expect(feed.name).toBe('slow-provider');
    await feed.start(sink);
    expect(steps).toEqual([]);
    await feed.stop();
    expect(steps).toEqual(['stopped', 'read done']);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs a start that fails, and still stops', async () => {
    const stop = vi.fn(async () => {});
    const log = { warn: vi.fn() };
    const feed = startingInBackground(
      { name: 'p', start: async () => Promise.reject(new Error('refused')), stop },
      log,
    );
    await feed.start(sink);
    await feed.stop();
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ source: 'p' }), 'sportsbook feed did not start');
    expect(stop).toHaveBeenCalled();
  });
});
