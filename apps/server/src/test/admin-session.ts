import type { App } from '../http/app-type';
import { solveChallenge } from './challenge';

/**
 * POST /admin/session/login as an operator client does it: with a freshly solved proof-of-work
 * challenge (unless `challenge` is given, or null for none) and, when asked for, the captcha.
 */
export async function adminLoginCall(
  app: App,
  body: { username: string; password: string; captcha?: string; code?: string },
  options: { remoteAddress?: string; challenge?: string | null; headers?: Record<string, string> } = {},
) {
  const challenge = options.challenge === null ? undefined : (options.challenge ?? (await solveChallenge(app)));
  return app.inject({
    method: 'POST',
    url: '/admin/session/login',
    payload: { ...body, ...(challenge ? { challenge } : {}) },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: options.headers ?? {},
  });
}

/** An operator's admin session token (the seeded operator by default); throws unless the login succeeds. */
export async function adminToken(
  app: App,
  credentials: { username: string; password: string } = { username: 'admin', password: 'Admin@1234' },
  remoteAddress?: string,
): Promise<string> {
  const res = await adminLoginCall(app, credentials, remoteAddress ? { remoteAddress } : {});
  if (res.statusCode !== 200) throw new Error(`admin login answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { value: { token: string } }).value.token;
}
