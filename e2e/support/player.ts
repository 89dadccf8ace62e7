/// <reference lib="dom" />
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

// Steps a player takes in several browser specs: log in from the header, launch a game.

/** The announcement popups count as already seen this session (spec §4), so they never cover the page. */
export async function markPopupsSeen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    sessionStorage.setItem('ANONYMOUS_POPUP', '1');
    sessionStorage.setItem('USER_POPUP', '1');
  });
}

/** Logs in with the header form (demo accounts' password by default) and waits for the balance. */
export async function loginFromHeader(page: Page, username: string, password = 'Demo@1234'): Promise<void> {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log in' }).first();
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('header-balance').waitFor({ timeout: 30_000 });
}

/** The launch call the lobby makes, from the logged-in page (session token from session storage). */
export async function launchStudioGame(page: Page, vassalage: string, gameCode: string): Promise<string> {
  const url = await page.evaluate(
    async ({ vassalage, gameCode }) => {
      const token = sessionStorage.getItem('token') ?? '';
      const res = await fetch('/wps/game/launchGame', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ vassalage, gameCode, language: 'EN', backUrl: '/rng' }),
      });
      const body = (await res.json()) as { value?: { url: string } };
      return body.value?.url ?? `launch failed: ${res.status} ${JSON.stringify(body)}`;
    },
    { vassalage, gameCode },
  );
  assert.match(url, /\/studio\/play\?/, url);
  return url;
}
