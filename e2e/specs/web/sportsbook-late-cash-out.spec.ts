// e2e: beside own-accounts-c
// A cash-out late in a lopsided match, in the browser. A data provider (the runner's live feed)
// lists a match; a member who registered and deposited takes the draw at 3.40 before kick-off.
// The match goes 3-0 in the 85th minute and the provider quotes only the draw (8.00) and the away
// side (40.00): the favourite is left out, so the prices on offer add up to less than one and show
// no margin. My bets offers the bet's value at the book's current price less the book's own margin
// for the league (from its settings, not from those prices) and one cash-out margin, never the 5%
// more that reading the margin from the prices paid; the member cashes out at that figure and the
// book's balance moves by it. Then, on a second match, the member names an auto cash-out on the
// bet's card; when the provider's prices move the offer past it, the book cashes the bet out by
// itself and the card and the balance say so.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { operatorToken } from '../../support/api';
import { pushLiveFeed } from '../../support/live-feed';
import { call } from '../../support/site';
import {
  assertBalanceShown,
  checkGamePage,
  GAME_SIZES,
  openGamePage,
  openSportsFromSite,
  shown,
} from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

const STAKE = 1000;
const TAKEN = 3400;
const LATE_DRAW = 8000;
const AUTO_TAKEN = 2000;
const AUTO_LATE = 1100;
/** The book polls the feed every 500 ms; a new price reaches My bets within this. */
const QUOTED_MS = 30_000;

async function admin<T>(url: string): Promise<T> {
  const result = await call<T>('GET', url, await operatorToken());
  assert.equal(result.success, true, `GET ${url}: ${JSON.stringify(result)}`);
  return result.value as T;
}

const league = { id: 'e2e-harbour-cup', name: 'Harbour Cup', region: 'Kapuluan' };

/** A football match of the league two hours ahead, in the feed's format. */
function fixture(id: string, home: string, away: string) {
  const team = (name: string) => ({ id: name.toLowerCase().replace(/ /g, '-'), name });
  const startsAt = new Date(Date.now() + 2 * 3600_000).toISOString();
  return { kind: 'fixture', fixture: { id, sport: 'football', league, home: team(home), away: team(away), startsAt } };
}

/** A quote of the match result (1X2) with the selections given, in the feed's format. */
function matchResult(eventId: string, odds: Record<string, number>) {
  const selections = Object.entries(odds).map(([key, odds1000]) => ({ key, odds1000 }));
  return { kind: 'markets', eventId, markets: [{ type: '1x2', period: 'ft', status: 'open', selections }] };
}

test('late in a lopsided match the cash-out takes the margin from the book, not from the prices left; an auto cash-out pays by itself', async () => {
  const eventId = `e2e-late-${Date.now().toString(36)}`;
  const autoEvent = `e2e-auto-${Date.now().toString(36)}`;
  pushLiveFeed([
    fixture(eventId, 'Harbour Town', 'Ridge Rovers'),
    matchResult(eventId, { home: 1500, draw: TAKEN, away: 6000 }),
    fixture(autoEvent, 'Cove United', 'Mill Athletic'),
    matchResult(autoEvent, { home: AUTO_TAKEN, draw: 3400, away: 3600 }),
  ]);

  const url = await openSportsFromSite(browser(), 'sblate');
  const { page, errors, close } = await openGamePage(browser(), `${url}#/event/${eventId}`, GAME_SIZES[0]);
  try {
    const draw = `${eventId}/1x2:ft:-/draw`;
    const price = page.locator(`button.sb-price[data-sel="${draw}"]:not([disabled])`);
    await price.waitFor({ timeout: QUOTED_MS });
    assert.equal((await price.innerText()).trim().endsWith('3.40'), true, await price.innerText());
    await price.click();
    await page.getByTestId(`stake-single:${draw}`).fill(String(STAKE / 100));
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/studio/api/sb/bets') && r.request().method() === 'POST',
    );
    await page.getByTestId('place').click();
    const placed = (await (await answered).json()) as { bets: { id: string; stake: number }[] };
    const bet = placed.bets[0];
    assert.ok(bet && bet.stake === STAKE, JSON.stringify(placed));
    await page.getByRole('button', { name: 'Done' }).click();

    // 3-0 in the 85th minute: the home win would be below 1.01, so the provider leaves it out.
    pushLiveFeed([
      {
        kind: 'state',
        eventId,
        state: {
          status: 'live',
          phase: '2H',
          clock: { seconds: 85 * 60, running: true },
          score: { decided: { home: 3, away: 0 }, counted: { home: 3, away: 0 } },
          h1: { decided: { home: 2, away: 0 }, counted: { home: 2, away: 0 } },
          last: { kind: 'goal', side: 'home', clockSeconds: 84 * 60 },
        },
      },
      matchResult(eventId, { draw: LATE_DRAW, away: 40_000 }),
    ]);

    // What the book's settings make of it: the stake at the price now (10.00 x 3.40 / 8.00 = 4.25),
    // the league's margin taken out (its own, else football's), less one cash-out margin.
    const margins = await admin<{
      leagues: { id: string; marginPpm: number | null }[];
      sports: Record<string, number>;
    }>('/admin/sportsbook/margins');
    const marginPpm = margins.leagues.find((l) => l.id === league.id)?.marginPpm ?? margins.sports.football ?? 0;
    const { cashOutMarginPpm } = await admin<{ cashOutMarginPpm: number }>('/admin/sportsbook/settings');
    assert.ok(marginPpm > 0, `the book keeps a margin on football: ${JSON.stringify(margins.sports)}`);
    const atPrice = (STAKE * TAKEN) / LATE_DRAW;
    const fair = atPrice / (1 + marginPpm / 1e6);
    const offer = Math.floor(fair * (1 - cashOutMarginPpm / 1e6));
    // Read from the prices left (draw and away add up to 0.15), the margin was 0: this much was paid.
    const fromPrices = Math.floor(atPrice * (1 - cashOutMarginPpm / 1e6));
    assert.ok(offer < fromPrices, `${offer} < ${fromPrices}`);

    await page.getByTestId('tab-bets').click();
    const card = page.locator(`[data-testid=my-bet][data-bet="${bet.id}"]`);
    await card.waitFor();
    const button = card.getByTestId('cashout');
    const expected = `Cash out ${shown(offer)}`;
    const deadline = Date.now() + QUOTED_MS;
    // My bets shows the value the book offers now; it follows the new price (the page is reloaded
    // once if the list was drawn before the provider's quote reached the book).
    let reloaded = false;
    while ((await button.innerText()).trim() !== expected) {
      assert.ok(Date.now() < deadline, `My bets offers "${await button.innerText()}", expected "${expected}"`);
      if (!reloaded && Date.now() > deadline - QUOTED_MS / 2) {
        await page.reload();
        await card.waitFor();
        reloaded = true;
      }
      await page.waitForTimeout(500);
    }
    await checkGamePage(page, errors, 'sportsbook-late-cash-out');
    await button.click();
    const cashAnswer = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(`/bets/${bet.id}/cashout`));
    await card.getByTestId('cashout-confirm').click();
    const cashed = (await (await cashAnswer).json()) as { paid: number; balance: number };
    assert.equal(cashed.paid, offer, 'paid what was offered');
    assert.ok(cashed.paid <= fair, `never more than the bet's fair value (${cashed.paid} <= ${fair.toFixed(1)})`);
    await assertBalanceShown(page, cashed.balance, "the book's balance");
    assert.equal(cashed.balance, 10_000 - STAKE + offer, 'the deposit less the stake plus the cash-out');

    // Auto cash-out: 10.00 on Cove United at 2.00, to be cashed out once it is worth 12.00.
    await page.goto(`${url}#/event/${autoEvent}`);
    const home = `${autoEvent}/1x2:ft:-/home`;
    const homePrice = page.locator(`button.sb-price[data-sel="${home}"]:not([disabled])`);
    await homePrice.waitFor({ timeout: QUOTED_MS });
    await homePrice.click();
    await page.getByTestId(`stake-single:${home}`).fill(String(STAKE / 100));
    const placedAuto = page.waitForResponse(
      (r) => r.url().endsWith('/studio/api/sb/bets') && r.request().method() === 'POST',
    );
    await page.getByTestId('place').click();
    const autoBet = ((await (await placedAuto).json()) as { bets: { id: string }[] }).bets[0];
    assert.ok(autoBet, 'the second bet was placed');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByTestId('tab-bets').click();
    const autoCard = page.locator(`[data-testid=my-bet][data-bet="${autoBet.id}"]`);
    await autoCard.getByTestId('auto-cashout').click();
    await autoCard.getByTestId('auto-cashout-value').fill('12');
    const armed = page.waitForResponse((r) => r.url().includes(`/bets/${autoBet.id}/auto-cashout`));
    await autoCard.getByTestId('auto-cashout-set').click();
    assert.equal((await armed).status(), 200);
    await autoCard.getByTestId('auto-cashout-at').filter({ hasText: 'Auto cash-out at 12.00' }).waitFor();

    // Two up after an hour: home now 1.10, the bet worth 10.00 x 2.00 / 1.10 less the margins.
    pushLiveFeed([
      {
        kind: 'state',
        eventId: autoEvent,
        state: {
          status: 'live',
          phase: '2H',
          clock: { seconds: 60 * 60, running: true },
          score: { decided: { home: 2, away: 0 }, counted: { home: 2, away: 0 } },
          h1: { decided: { home: 1, away: 0 }, counted: { home: 1, away: 0 } },
          last: { kind: 'goal', side: 'home', clockSeconds: 58 * 60 },
        },
      },
      matchResult(autoEvent, { home: AUTO_LATE, draw: 8000, away: 20_000 }),
    ]);
    const autoOffer = Math.floor(
      ((STAKE * AUTO_TAKEN) / AUTO_LATE / (1 + marginPpm / 1e6)) * (1 - cashOutMarginPpm / 1e6),
    );
    assert.ok(autoOffer >= 1200, `the new price reaches the value named: ${autoOffer}`);
    await page.getByRole('link', { name: 'Settled' }).click();
    await page
      .locator(`[data-testid=my-bet][data-bet="${autoBet.id}"] [data-testid=auto-cashed-out]`)
      .filter({ hasText: `Cashed out automatically: ${shown(autoOffer)}` })
      .waitFor({ timeout: QUOTED_MS });
    await assertBalanceShown(page, 10_000 - STAKE + offer - STAKE + autoOffer, 'the balance after the auto cash-out');
  } finally {
    await close();
  }
});
