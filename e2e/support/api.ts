import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { baseUrl } from './env';

export type Envelope<T = Record<string, unknown>> = { success: boolean; code?: string; message?: string; value?: T };

/** A plain JSON call to the server under test. */
export async function api<T = Record<string, unknown>>(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
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
  // A login attempt holds a slot towards the captcha (the brand's captchaAfterFailures) from
  // before its password is checked until it is answered, per address and per username, so that
  // parallel guesses cannot slip past it. The spec processes run beside each other from loopback
  // and several log in as the seeded operator, so on a loaded machine many may be checking at
  // once. So each process logs in from its own address (the runner trusts X-Forwarded-For from
  // loopback), and a login refused for the captcha is tried again for a while: slots of logins in
  // flight are given back within seconds, while failures would keep asking for it and the spec
  // would still fail.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await api<{ token: string }>(
      'POST',
      '/admin/session/login',
      { username, password, challenge: await solvedChallenge() },
      { 'X-Forwarded-For': PROCESS_ADDRESS },
    );
    if (res.status === 200 && res.body.value?.token) return res.body.value.token;
    if (res.body.code !== 'CAPTCHA_REQUIRED' || Date.now() > deadline) {
      throw new Error(`POST /admin/session/login: ${res.status} ${JSON.stringify(res.body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** This spec process's own private client address (see operatorToken). */
const PROCESS_ADDRESS = `10.66.${(process.pid >> 8) & 255}.${process.pid & 255}`;
