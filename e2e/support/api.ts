import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { baseUrl } from './env';

export type Envelope<T = Record<string, unknown>> = { success: boolean; code?: string; message?: string; value?: T };

/** A plain JSON call to the server under test. */
export async function api<T = Record<string, unknown>>(
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as Envelope<T> };
  } catch {
    throw new Error(`${method} ${url}: ${res.status}, not JSON: ${text.slice(0, 300)}`);
  }
}

/**
 * Fetches a proof-of-work challenge (GET /wps/verification/challenge) and solves it with altcha-lib's
 * solver, as the browser widget does; returns the base64 payload a request carries as `challenge`.
 */
export async function solvedChallenge(): Promise<string> {
  const res = await api<Challenge>('GET', '/wps/verification/challenge');
  if (res.status !== 200 || !res.body.value) {
    throw new Error(`GET /wps/verification/challenge: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const challenge = res.body.value;
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) throw new Error('the challenge could not be solved within 60 s');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * An operator's admin session token: POST /admin/session/login with a solved challenge, as the
 * operator client does (the seeded operator by default). Throws unless the login succeeds.
 */
export async function operatorToken(username = 'admin', password = 'Admin@1234'): Promise<string> {
  const res = await api<{ token: string }>('POST', '/admin/session/login', {
    username,
    password,
    challenge: await solvedChallenge(),
  });
  if (res.status !== 200 || !res.body.value?.token) {
    throw new Error(`POST /admin/session/login: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body.value.token;
}
