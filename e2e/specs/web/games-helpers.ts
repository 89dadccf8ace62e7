import type { Browser, Page } from 'playwright-core';
import { newPage } from '../../support/browser';
import { loginFromHeader, markPopupsSeen } from '../../support/player';

// Shared steps of the games browser specs (games*.spec.ts).

/** A page whose announcement popups count as already seen this session (spec §4). */
export async function freshPage(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await markPopupsSeen(page);
  return page;
}

export const login = loginFromHeader;

export const slotGrid = (page: Page) => page.getByRole('list', { name: 'Slots' });

export async function gameCount(page: Page): Promise<number> {
  const text = await page.getByTestId('game-count').innerText();
  return Number(text.replace(/\D/g, ''));
}

export async function firstTileName(page: Page): Promise<string> {
  return (await page.locator('[data-testid="game-grid"] li p').first().innerText()).trim();
}
