/// <reference lib="dom" />
// e2e: beside own-accounts-c
// The house studio's card room: three members who registered themselves open the Hold'em tile;
// one joins the next free seat from the lobby's filters, two pick seats at the same table; they
// check and call until a hand all three are dealt in to has gone down to a showdown (the server's
// hand history says so), then the phone member closes the page and opens it again: the page goes
// back to the same seat and plays the next hand down to a showdown too. The lobby says no
// house-run players sit at real-money tables; the phone-width table page is no wider than the window.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import { launchStudioGame } from '../../support/player';
import { newStudioMember } from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();
const TABLE = 'holdem-6-1-2';
const PHONE = { width: 390, height: 844 };
const errors: string[] = [];

async function open(b: Browser, url: string, size: { width: number; height: number }): Promise<Page> {
  const context = await b.newContext({ baseURL: baseUrl(), viewport: size, hasTouch: size.width < 500 });
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url);
  return page;
}

/** Checks or calls on every page whose turn it is until the hand after `after` is over; answers its id. */
async function playHand(pages: Page[], after: string | null): Promise<string> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    for (const page of pages) {
      const move = page.locator('[data-testid=act-check], [data-testid=act-call]').first();
      if (await move.isEnabled({ timeout: 50 }).catch(() => false)) await move.click({ timeout: 2000 }).catch(() => {});
    }
    const felt = pages[0]!.getByTestId('felt');
    const hand = await felt.getAttribute('data-hand');
    if (hand && hand !== after && (await felt.getAttribute('data-over')) === 'true') return hand;
    await pages[0]!.waitForTimeout(100);
  }
  throw new Error('the hand did not end');
}

type HandHistory = { result: { showdown: boolean }; players: { seat: number; you: boolean }[] };

/** A hand's history as the member of `url` reads it. */
async function history(url: string, handId: string): Promise<HandHistory> {
  const token = new URL(url, baseUrl()).searchParams.get('token') ?? '';
  const res = await fetch(new URL(`/studio/api/pvp/hands/${handId}`, baseUrl()), {
    headers: { 'x-game-token': token },
  });
  assert.equal(res.status, 200);
  return (await res.json()) as HandHistory;
}

test("three members play Hold'em at one table to a showdown; one reconnects to the same seat", async () => {
  const b = browser();
  const started = performance.now();
  const members = await Promise.all([
    newStudioMember(b, 'cra', 'Card One'),
    newStudioMember(b, 'crb', 'Card Two'),
    newStudioMember(b, 'crc', 'Card Three'),
  ]);
  const urls = await Promise.all(members.map((m) => launchStudioGame(m.page, 'KX', 'PVP-001')));
  const [a, bee] = [await open(b, urls[0]!, { width: 1280, height: 800 }), await open(b, urls[1]!, PHONE)];
  let c = await open(b, urls[2]!, PHONE);

  // The first joins the next free seat at 6-seat 1/2 tables, with a 20 big blind buy-in (₱40).
  await a.getByTestId('no-house').waitFor();
  assert.match(await a.getByTestId('no-house').innerText(), /no players at real-money tables/);
  await a.getByTestId('filter-seats').selectOption('6');
  await a.getByTestId('filter-stakes').selectOption('200');
  await a.getByTestId('join-bb').fill('20');
  await a.getByTestId('join-next').click();
  await a.locator('.cr-seat.me').waitFor();
  assert.equal(await a.getByTestId('felt').getAttribute('data-my-seat'), '0');

  // The others open the same table from the lobby and sit at the seats they pick.
  for (const [page, seat] of [
    [bee, 2],
    [c, 4],
  ] as const) {
    await page.locator(`[data-table="${TABLE}"] [data-testid=open-table]`).click();
    await page.getByTestId(`seat-${seat}`).click();
    await page.getByTestId('buy-in-amount').fill('40.00');
    await page.getByTestId('buy-in-confirm').click();
    await page.locator('.cr-seat.me').waitFor();
  }
  // The one who sat last waits for the big blind (the engine's rule): hands until all three are dealt in.
  let first: string | null = null;
  for (let played = 0; ; played++) {
    first = await playHand([a, bee, c], first);
    if ((await history(urls[0]!, first)).players.length === 3) break;
    assert.ok(played < 4, 'all three are dealt in within a round of the blinds');
  }
  assert.equal((await history(urls[0]!, first)).result.showdown, true, 'the hand of all three went to a showdown');
  assert.match(await a.getByTestId('hand-result').innerText(), /wins/);

  // Nothing on the phone's table page is wider than the window.
  const wide = await c.evaluate(() => {
    const w = window.innerWidth;
    const over = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1);
    return { scroll: document.documentElement.scrollWidth - w, over: over.map((el) => el.className).slice(0, 5) };
  });
  assert.ok(wide.scroll <= 0 && wide.over.length === 0, `phone: nothing wider than the window ${JSON.stringify(wide)}`);
  await screenshot(c, 'card-room-phone');

  // The phone member closes the page and opens it again: back at seat 4, dealt in to the next hand.
  await c.context().close();
  c = await open(b, urls[2]!, PHONE);
  await c.locator('.cr-seat.me').waitFor();
  assert.equal(await c.getByTestId('felt').getAttribute('data-my-seat'), '4');
  const second = await playHand([a, bee, c], first);
  const seen = await history(urls[2]!, second);
  assert.equal(seen.result.showdown, true, 'the hand after the reconnect went to a showdown');
  assert.deepEqual(
    seen.players.filter((p) => p.you).map((p) => p.seat),
    [4],
    'the member who came back played it from seat 4',
  );
  assert.equal(seen.players.length, 3, 'with the other two');
  assert.deepEqual(errors, [], 'no page or console error');
  console.log(`card-room: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  for (const m of members) await m.context.close();
  for (const page of [a, bee, c]) await page.context().close();
});
