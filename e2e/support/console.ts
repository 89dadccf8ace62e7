import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { operatorToken } from './api';
import { baseUrl, PAGE_WAIT_MS } from './env';
import { call, totp } from './site';

// The back office console's specs: operators made through the API (a role of their own, two-factor
// enrolled like the console's enrolment screen does it), and the console's sign-in in the browser.

let adminToken = '';
async function admin(): Promise<string> {
  adminToken ||= await operatorToken();
  return adminToken;
}

async function adminCall<T>(method: string, url: string, body?: unknown): Promise<T> {
  const result = await call<T>(method, url, await admin(), body);
  assert.equal(result.success, true, `${method} ${url}: ${JSON.stringify(result)}`);
  return result.value as T;
}

export type ConsoleOperator = { username: string; password: string; id: number; secret?: string };

/**
 * A new operator holding one new role with exactly `permissions` (made by the seeded admin), or with
 * `options.role`, a built-in role named so (the desk an operator is really given). The
 * administrator's password must be changed at the first sign-in: unless `keepGivenPassword`, the
 * operator has done so through the API and `password` is their own.
 */
export async function createOperator(
  prefix: string,
  permissions: string[],
  options: { keepGivenPassword?: boolean; role?: string } = {},
): Promise<ConsoleOperator> {
  const suffix = Date.now().toString(36).slice(-6);
  const role = options.role
    ? (await adminCall<{ list: { id: number; name: string }[] }>('GET', '/admin/roles')).list.find(
        (r) => r.name === options.role,
      )
    : await adminCall<{ id: number }>('POST', '/admin/roles', { name: `${prefix} role ${suffix}`, permissions });
  assert.ok(role, `a role named ${options.role}`);
  const username = `${prefix}${suffix}`;
  const given = `Op${suffix}pass1`;
  const operator = await adminCall<{ id: number }>('POST', '/admin/operators', {
    username,
    password: given,
    roleIds: [role.id],
  });
  if (options.keepGivenPassword) return { username, password: given, id: operator.id };
  const password = `Own${suffix}pass2`;
  const token = await operatorToken(username, given);
  const changed = await call('POST', '/admin/session/password', token, { oldPassword: given, newPassword: password });
  assert.equal(changed.success, true, JSON.stringify(changed));
  await call('POST', '/admin/session/logout', token, {});
  return { username, password, id: operator.id };
}

/**
 * Turns on the operator's authenticator through the API (enrol with the password, confirm with a
 * code computed from the secret) and returns the secret for the codes of later sign-ins.
 */
export async function enrolTwoFactor(operator: ConsoleOperator): Promise<string> {
  const token = await operatorToken(operator.username, operator.password);
  const enrolment = await call<{ secret: string; otpauthUrl: string }>(
    'POST',
    '/admin/session/twoFactor/enrol',
    token,
    {
      password: operator.password,
    },
  );
  assert.equal(enrolment.success, true, JSON.stringify(enrolment));
  const secret = enrolment.value?.secret ?? '';
  assert.match(enrolment.value?.otpauthUrl ?? '', /^otpauth:\/\/totp\//);
  const confirmed = await call<{ recoveryCodes: string[] }>('POST', '/admin/session/twoFactor/confirm', token, {
    code: totp(secret),
  });
  assert.equal(confirmed.success, true, JSON.stringify(confirmed));
  assert.ok((confirmed.value?.recoveryCodes.length ?? 0) > 0, 'recovery codes are given once');
  await call('POST', '/admin/session/logout', token, {});
  operator.secret = secret;
  return secret;
}

/**
 * Signs in on /console/sign-in: username and password (the page solves the challenge), then the
 * authenticator's code when the operator has one. A code is used once, so the one for the next
 * 30-second step is sent (the server accepts one step either side).
 */
export async function consoleSignIn(page: Page, operator: ConsoleOperator): Promise<void> {
  await page.goto('/console/');
  await page.waitForURL(/\/console\/sign-in$/);
  const form = page.getByRole('form', { name: 'Operator sign-in' });
  await form.getByRole('textbox', { name: 'Username' }).fill(operator.username);
  await form.getByLabel('Password').fill(operator.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  if (operator.secret) {
    const code = form.getByRole('textbox', { name: 'Authenticator or recovery code' });
    await code.waitFor({ timeout: PAGE_WAIT_MS });
    await code.fill(totp(operator.secret, Date.now() + 30_000));
    await form.getByRole('button', { name: 'Verify' }).click();
  }
  await page
    .getByTestId('operator-name')
    .getByText(operator.username, { exact: true })
    .waitFor({ timeout: PAGE_WAIT_MS });
}

/** A console menu entry (the main navigation), followed to its page's heading. */
export async function openConsoleEntry(page: Page, name: string, heading = name): Promise<void> {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/** The operator's API call with their own token (the console keeps it in session storage). */
export async function consoleToken(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('console.token') ?? '');
}

/** A raw GET with a token, for the status code as well as the envelope. */
export async function getWithToken(url: string, token: string): Promise<{ status: number; code?: string }> {
  const res = await fetch(`${baseUrl()}${url}`, { headers: { Authorization: token } });
  const body = (await res.json()) as { code?: string };
  return { status: res.status, code: body.code };
}
