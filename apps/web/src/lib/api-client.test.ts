import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, REQUEST_TIMEOUT_MS } from './api-client';

// Plain node: the few browser globals apiRequest reads are stubbed; fetch is a fake that answers
// only when told to, or rejects when its signal aborts (as the browser's fetch does).
function fakeFetch(answer?: () => Response) {
  return vi.fn((_url: URL, init: RequestInit) => {
    if (answer) return Promise.resolve(answer());
    return new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', { location: { origin: 'http://site.test', href: 'http://site.test/' } });
  vi.stubGlobal('sessionStorage', { getItem: () => null });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiRequest time-out and failures (spec §8)', () => {
  it('a request still unanswered after 120 s fails with REQUEST_TIMEOUT, not before', async () => {
    const fetch = fakeFetch();
    vi.stubGlobal('fetch', fetch);
    let settled = false;
    const pending = apiRequest('/wps/system/status').finally(() => {
      settled = true;
    });
    const failure = failureOf(pending);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = await failure;
    expect(err.code).toBe('REQUEST_TIMEOUT');
    expect(err.message).toBe('Page load timeout, please check the network');
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    const init = fetch.mock.calls[0]?.[1] as RequestInit | undefined;
    expect(init?.signal?.aborted).toBe(true);
  });

  it('a refused connection is a NETWORK_ERROR, and an answer in time clears the timer', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    expect((await failureOf(apiRequest('/wps/system/status'))).code).toBe('NETWORK_ERROR');

    vi.stubGlobal(
      'fetch',
      fakeFetch(() => new Response(JSON.stringify({ success: true, value: { status: 0 } }))),
    );
    await expect(apiRequest('/wps/system/status')).resolves.toEqual({ status: 0 });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an address that does not parse is INVALID_URL', async () => {
    vi.stubGlobal('window', { location: { origin: 'not a url' } });
    vi.stubGlobal('fetch', fakeFetch());
    const err = await failureOf(apiRequest('/wps/system/status'));
    expect(err.code).toBe('INVALID_URL');
    expect(err.message).toBe('Invalid URL, contact customer service');
  });
});
