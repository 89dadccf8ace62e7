/// <reference lib="dom" />
import type { Browser, Page } from 'playwright-core';
import { newPage } from '../../support/browser';

// Shared steps of the games browser specs (games*.spec.ts).

/** A page whose announcement popups count as already seen this session (spec §4). */
export async function freshPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await page.addInitScript(() => {
    sessionStorage.setItem('ANONYMOUS_POPUP', '1');
    sessionStorage.setItem('USER_POPUP', '1');
  });
  return page;
}

export async function login(page: Page, username: string) {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log in' }).first();
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill('Demo@1234');
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('header-balance').waitFor({ timeout: 30_000 });
}

export const slotGrid = (page: Page) => page.getByRole('list', { name: 'Slots' });

export async function gameCount(page: Page): Promise<number> {
  const text = await page.getByTestId('game-count').innerText();
  return Number(text.replace(/\D/g, ''));
}

export async function firstTileName(page: Page): Promise<string> {
  return (await page.locator('[data-testid="game-grid"] li p').first().innerText()).trim();
}
