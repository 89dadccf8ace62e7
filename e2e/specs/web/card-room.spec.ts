// e2e: beside own-accounts
// The house studio's card room: three members who registered themselves open the Hold'em tile;
// one joins the next free seat from the lobby's filters, two pick seats at the same table; they
// check and call until a hand all three are dealt in to has gone down to a showdown (the server's
// hand history says so), then the phone member closes the page and opens it again: the page goes
// back to the same seat and plays the next hand down to a showdown too. The lobby says no
// house-run players sit at real-money tables; the phone-width table page is no wider than the window,
// and a laptop's screen (1280x800, then 1440x900) holds the whole table at a showdown.
// In the member centre, the betting record's hands window of the first member's sitting opens the
// hand of all three with its board, the cards the member may see and their result. Then the three
// register for the demo's 3-seat sit-and-go from the lobby and see it start. The pages act on
// their own DOM changes (no polling), and the specs' server deals the next hand 1.5 s after a result.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newContext, screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import { launchStudioGame } from '../../support/player';
import { call } from '../../support/site';
import { newStudioMember } from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();
const TABLE = 'holdem-6-1-2';
const PHONE = { width: 390, height: 844 };
const errors: string[] = [];

async function open(b: Browser, url: string, size: { width: number; height: number }): Promise<Page> {
  const context = await newContext(b, { viewport: size, hasTouch: size.width < 500 });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(url);
  return page;
}

type HandEnd = { hand: string; result: string };

/**
 * Waits in the page, on its own DOM changes, until its player may check or call (answers null) or a
 * hand other than `after` is over (answers that hand and its result line, read as the result shows:
 * the next hand is dealt 1.5 s later on the specs' server).
 */
function turnOrEnd(page: Page, after: string | null): Promise<HandEnd | null> {
  return page.evaluate(
    (after) =>
      new Promise<HandEnd | null>((resolve) => {
        // Not `const look = () =>`: tsx wraps a function so named in a helper that the page lacks.
        const [look] = [
          () => {
            const felt = document.querySelector('[data-testid=felt]');
            const hand = felt?.getAttribute('data-hand');
            if (hand && hand !== after && felt?.getAttribute('data-over') === 'true') {
              const result = document.querySelector('[data-testid=hand-result]')?.textContent ?? '';
              return { hand, result };
            }
            const move = document.querySelector('[data-testid=act-check]:enabled, [data-testid=act-call]:enabled');
            return move ? null : undefined;
          },
        ];
        const now = look();
        if (now !== undefined) return resolve(now);
        const observer = new MutationObserver(() => {
          const seen = look();
          if (seen === undefined) return;
          observer.disconnect();
          resolve(seen);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      }),
    after,
  );
}

/** Checks or calls on the page whenever it is its player's turn, until a hand after `after` is over. */
async function checkOrCall(page: Page, after: string | null): Promise<HandEnd> {
  for (;;) {
    const end = await turnOrEnd(page, after);
    if (end) return end;
    // A click the page no longer takes (the turn timed out meanwhile) is looked at again above.
    await page
      .locator('[data-testid=act-check]:enabled, [data-testid=act-call]:enabled')
      .first()
      .click({ timeout: 5_000 })
      .catch(() => {});
  }
}

/** Plays the hand after `after` on every page, each checking or calling on its turn; answers its end as the first page saw it. */
async function playHand(pages: Page[], after: string | null): Promise<HandEnd> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the hand did not end within 90 s')), 90_000);
  });
  try {
    const ends = await Promise.race([Promise.all(pages.map((page) => checkOrCall(page, after))), late]);
    assert.ok(
      ends.every((e) => e.hand === ends[0]!.hand),
      `every page saw the same hand end: ${JSON.stringify(ends)}`,
    );
    return ends[0]!;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether the whole table fits the page's screen without scrolling: every seat (the cards shown at a
 * showdown with them), the board and the result, the player's own cards and moves.
 */
async function fitsScreen(page: Page, size: string): Promise<void> {
  const fit = await page.evaluate(() => {
    const parts = [
      ...document.querySelectorAll(
        '[data-testid=felt], [data-testid=felt] .cr-seat, [data-testid=my-cards], [data-testid=moves]',
      ),
    ].map((el) => el.getBoundingClientRect());
    return {
      top: Math.min(...parts.map((r) => r.top)),
      bottom: Math.max(...parts.map((r) => r.bottom)),
      height: window.innerHeight,
      scrolled: window.scrollY,
    };
  });
  assert.ok(
    fit.top >= 0 && fit.bottom <= fit.height && fit.scrolled === 0,
    `${size}: the table fits ${JSON.stringify(fit)}`,
  );
}

/** The platform's hand record as the member centre reads it (packages/shared api/pvp-history.ts). */
type MemberHand = {
  number: number;
  board: string[];
  players: { name: string; you: boolean; cards: string[] | null; net: number | null }[];
};

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

  // The others open the same table from the lobby and sit at the seats they pick, both at once: a
  // player who sits after the table's first hand began waits for the big blind (the engine's rule).
  await Promise.all(
    (
      [
        [bee, 2],
        [c, 4],
      ] as const
    ).map(async ([page, seat]) => {
      await page.locator(`[data-table="${TABLE}"] [data-testid=open-table]`).click();
      await page.getByTestId(`seat-${seat}`).click();
      await page.getByTestId('buy-in-amount').fill('40.00');
      await page.getByTestId('buy-in-confirm').click();
      await page.locator('.cr-seat.me').waitFor();
    }),
  );
  const seated = performance.now();
  // Hands until one all three are dealt in to (the last to sit may wait for the big blind).
  let first: HandEnd | null = null;
  const dealt: string[] = [];
  for (let played = 0; ; played++) {
    first = await playHand([a, bee, c], first?.hand ?? null);
    const players = (await history(urls[0]!, first.hand)).players;
    if (players.length === 3) break;
    dealt.push(JSON.stringify(players));
    if (played >= 4) {
      // Who sat out or waited for the blind, as the first page shows the seats now.
      const seats = await a.$$eval('[data-testid=felt] .cr-seat', (els) =>
        els.map((e) => `${e.className}: ${(e as HTMLElement).innerText.replace(/\s+/g, ' ')}`),
      );
      assert.fail(
        `all three are dealt in within a round of the blinds; hands: ${dealt.join(' ')}; seats: ${seats.join(' | ')}`,
      );
    }
  }
  assert.equal((await history(urls[0]!, first.hand)).result.showdown, true, 'the hand of all three went to a showdown');
  assert.match(first.result, /wins|You win/);
  assert.doesNotMatch(first.result, /You wins/, "the player's own win in its own phrase");
  // A laptop's screen holds the whole table with the cards shown; the next hand is read at 1440x900.
  await fitsScreen(a, '1280x800');
  await a.setViewportSize({ width: 1440, height: 900 });

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
  const second = await playHand([a, bee, c], first.hand);
  const seen = await history(urls[2]!, second.hand);
  assert.equal(seen.result.showdown, true, 'the hand after the reconnect went to a showdown');
  assert.deepEqual(
    seen.players.filter((p) => p.you).map((p) => p.seat),
    [4],
    'the member who came back played it from seat 4',
  );
  assert.equal(seen.players.length, 3, 'with the other two');
  assert.match(second.result, /wins|You win/);
  assert.doesNotMatch(second.result, /You wins/, "the player's own win in its own phrase");
  // The fairness panel: this hand's committed hash is not the next hand's, and the deck took a seed
  // from each of the three players' pages.
  await a.getByTestId('fairness').locator('summary').click();
  const [thisHash, nextHash] = [
    await a.getByTestId('hand-hash').innerText(),
    await a.getByTestId('next-hash').innerText(),
  ];
  assert.match(thisHash, /^[0-9a-f]{64}$/);
  assert.notEqual(thisHash, nextHash, 'this hand and the next have their own hashes');
  assert.equal((await a.getByTestId('client-seeds').innerText()).split(', ').length, 3, "three players' seeds");
  await fitsScreen(a, '1440x900');
  await screenshot(a, 'card-room-1440x900');
  const played = performance.now();

  // The member centre: the first member's sitting is a card-room round of the betting record, whose
  // hands window lists the hand of all three and opens it with the board, the cards the member may
  // see and their result, as the platform's hand record has them.
  const record = members[0]!.page;
  const hand = await call<MemberHand>('GET', `/wps/member/pvp/hands/${first.hand}`, members[0]!.token);
  assert.equal(hand.success, true, JSON.stringify(hand));
  const mine = hand.value!;
  assert.equal(mine.board.length, 5, 'a showdown hand has the whole board');
  await record.goto('/member/personalHistoryCopy');
  await record.getByRole('button', { name: 'Hands', exact: true }).click();
  const shown = record.getByRole('dialog');
  await shown
    .getByTestId('pvp-hands')
    .getByRole('button', { name: new RegExp(`^Hand ${mine.number} `) })
    .click();
  const players = shown.getByTestId('pvp-players');
  await players.waitFor();
  const facts = await shown.locator('dl').first().innerText();
  assert.ok(facts.includes(mine.board.join(' ')), `the board ${mine.board.join(' ')} in ${facts}`);
  const me = mine.players.find((p) => p.you);
  assert.ok(me?.cards && me.net !== null, JSON.stringify(me));
  const result = await shown.locator('dt:text-is("Your result") + dd').innerText();
  assert.equal(Number(result.replace(/[^\d.-]/g, '')), me.net, `the member's result ${result}`);
  const lines = await players.locator('li').allInnerTexts();
  assert.equal(lines.length, 3, 'the three players of the hand');
  for (const p of mine.players) {
    const line = lines.find((l) => l.startsWith(p.you ? 'You ' : `${p.name} `)) ?? '';
    assert.ok(line.includes(p.cards ? p.cards.join(' ') : 'cards not shown'), `${JSON.stringify(p)} in ${line}`);
  }
  await screenshot(record, 'card-room-hands-window');

  // A sit-and-go: the three go back to the lobby and register for the demo's 3-seat turbo; the last
  // registration starts it, and each page opens its table, where the first level's blinds show.
  const sngPages = [a, bee, c];
  for (const page of sngPages) await page.getByTestId('to-lobby').click();
  const turbo = a.locator('[data-testid=sng][data-status=registering]', { hasText: 'Sit & Go 3 turbo' }).first();
  await turbo.waitFor();
  const runId = (await turbo.getAttribute('data-sng')) ?? '';
  for (const page of sngPages) {
    const card = page.locator(`[data-sng="${runId}"]`);
    const isRegister = (url: string) => new URL(url).pathname.endsWith(`/sngs/${runId}/register`);
    // On a loaded machine the platform may answer the buy-in after the studio's five seconds: the
    // studio returns the stake and says the wallet did not answer, and the member registers again.
    for (let attempt = 1; ; attempt++) {
      const answer = page.waitForResponse((r) => isRegister(r.url()));
      await card.getByTestId('sng-register').click();
      const res = await answer;
      if (res.ok()) break;
      const code = ((await res.json()) as { error?: { code?: string } }).error?.code;
      assert.ok(code === 'STUDIO_WALLET_UNAVAILABLE' && attempt < 3, `registration ${attempt} refused: ${code}`);
    }
    await card.getByTestId('sng-unregister').or(card.getByTestId('sng-open')).waitFor();
  }
  for (const page of sngPages) {
    // The lobby is read every 3 s: the first two see the start on their next read.
    await page.locator(`[data-sng="${runId}"] [data-testid=sng-open]`).click();
    await page.locator('.cr-seat.me').waitFor();
    const bar = page.getByTestId('sng-bar');
    await bar.getByText('Level 1: blinds 10/20').waitFor();
    assert.match(await bar.innerText(), /Players left: 3 of 3/);
    // Tournament chips, not money: the stack is a count of whole chips (1,500 less any blind posted).
    const stack = (await page.locator('.cr-seat.me [data-testid=stack]').innerText()).trim();
    assert.match(stack, /^1,[45]\d\d$|^1,500$/, `a sit-and-go stack in whole chips: ${stack}`);
  }
  // Still seated at the cash table, the first member follows it from the strip above the
  // tournament's table, and looks at both side by side on the 1440-pixel window.
  const strip = a.getByTestId('my-tables');
  await strip.locator(`[data-testid=my-table][data-table="${TABLE}"]`).waitFor();
  assert.equal(await strip.getByTestId('my-table').count(), 2, 'the cash table and the tournament in the strip');
  await a.getByTestId('side-by-side').click();
  await a.locator('.cr-duo .cr-spot').nth(1).locator('.cr-seat.me').waitFor();
  assert.equal(await a.locator('.cr-duo [data-testid=felt]').count(), 2, 'two felts side by side');
  const duoWide = await a.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(duoWide <= 0, `1440x900: two tables side by side fit the window (${duoWide})`);
  await screenshot(a, 'card-room-side-by-side');
  await a.getByTestId('side-by-side').click();
  await a.locator('.cr-solo [data-testid=felt]').waitFor();
  const sngWide = await c.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(sngWide <= 0, `phone: the sit-and-go table is no wider than the window (${sngWide})`);
  await screenshot(c, 'card-room-sng-phone');
  assert.deepEqual(errors, [], 'no page or console error');
  const secs = (from: number, to: number) => ((to - from) / 1000).toFixed(1);
  console.log(
    `card-room: ${secs(started, performance.now())} s (seated ${secs(started, seated)}, hands ${secs(seated, played)}, record ${secs(played, performance.now())})`,
  );
  for (const m of members) await m.context.close();
  for (const page of [a, bee, c]) await page.context().close();
});
