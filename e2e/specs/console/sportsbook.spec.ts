// e2e: beside console-desk
// The trader console against the house sportsbook (the book's own simulator feeding it): an operator
// given the built-in Trader role sets the big-bet mark low in Limits; a member bets 20.00 on a match
// a week ahead; the trader finds live scores under live events and the member's stake and liability
// on their match, suspends and resumes its match-result market, reads the bet in the ticker marked
// big, sets an e-sports league's margin, enters the match's result (the bet is paid through the
// wallet) and then a correction (paid back), which the member's bets show, and finds the book's
// profit by sport, and that every member's risk level has reached the book, and the messages of a
// connected data provider that the book had to skip, with their reasons. No serious axe violation
// on the screens; settings and margins are set back.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator } from '../../support/console';
import { baseUrl, PROVIDER_FEED_SOURCE } from '../../support/env';
import { call } from '../../support/site';
import { newStudioMember } from '../../support/studio';

let desk: Page;
const browser = useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
});

const STAKE = 2_000;
/** The big-bet mark the trader sets, in major units: the member's 20.00 is above it. */
const BIG_BET = '10';

let adminToken = '';
async function admin<T>(method: string, url: string, body?: unknown): Promise<T> {
  adminToken ||= await operatorToken();
  const result = await call<T>(method, url, adminToken, body);
  assert.equal(result.success, true, `${method} ${url}: ${JSON.stringify(result)}`);
  return result.value as T;
}

/** The studio's page routes with a game token, as the sportsbook page calls them. */
async function studio<T>(token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/studio${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-game-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

type Market = {
  key: string;
  type: string;
  status: string;
  selections: { id: string; key: string; odds1000: number | null }[];
};
type EventCard = {
  id: string;
  home: string;
  away: string;
  status: string;
  league: { id: string; name: string };
  markets: Market[];
};
type MyBet = { id: string; status: string; payout: number; corrections: { amount: number; reason: string }[] };

let trader: ConsoleOperator;
const member = { username: '', gameToken: '' };
let event: EventCard;
let betId = '';
let settingsBefore: { bigBet: number } | undefined;
let leagueMargin: { id: string; name: string; before: number | null } | undefined;

before(async () => {
  trader = await createOperator('trader', [], { role: 'Trader' });
});

after(async () => {
  if (settingsBefore) await admin('PUT', '/admin/sportsbook/settings', { bigBet: settingsBefore.bigBet });
  if (leagueMargin)
    await admin('PUT', '/admin/sportsbook/margins', { leagues: { [leagueMargin.id]: leagueMargin.before } });
});

async function axeClean(page: Page, screen: string) {
  assert.deepEqual(await seriousAxeViolations(page), [], `${screen}: no serious axe violation`);
  await screenshot(page, `sportsbook-console-${screen}`);
}

async function openMenu(page: Page, path: string, heading: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).locator(`a[href$="/${path}"]`).click();
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}

/** Confirms the open dialog with a reason, and waits for it to close. */
async function confirmWith(page: Page, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/Reason/).fill(reason);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 60_000 });
}

// By the event's id: the simulator can schedule the same two teams twice in its week, and a row
// found by their names could be the other match (no stake on it) or both.
const eventRow = (page: Page) => page.locator(`[data-testid=sb-event-row][data-event="${event.id}"]`);
const fact = (page: Page, label: string) =>
  page
    .getByTestId('sb-event-facts')
    .locator('div')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

test('a trader signs in and sets the big-bet mark low in Limits', async () => {
  await consoleSignIn(desk, trader);
  settingsBefore = await admin<{ bigBet: number }>('GET', '/admin/sportsbook/settings');
  await openMenu(desk, 'sportsbook/settings', 'Limits');
  const form = desk.getByRole('form', { name: 'Limits' });
  await form.getByLabel(/Big bet from/).fill(BIG_BET);
  await form.getByRole('button', { name: 'Save' }).click();
  await desk.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  assert.equal((await admin<{ bigBet: number }>('GET', '/admin/sportsbook/settings')).bigBet, 1_000);
  await axeClean(desk, 'limits');
});

test('a member bets 20.00 on a match a week ahead', async () => {
  const m = await newStudioMember(browser(), 'sbc', 'Trader Console Tester');
  try {
    const page = m.page;
    member.username = m.username;
    await page.goto('/sports');
    await page
      .getByTestId('sportsbook-entries')
      .getByRole('button', { name: /^Bet now at / })
      .first()
      .click();
    const src = (await page.getByTestId('game-frame').getAttribute('src')) ?? '';
    // The frame's first load opens the game session that the token then names.
    await page.frameLocator('[data-testid=game-frame]').getByTestId('tab-live').waitFor();
    member.gameToken = new URL(src, baseUrl()).searchParams.get('token') ?? '';
  } finally {
    await m.context.close();
  }
  assert.ok(member.gameToken, 'the sportsbook was launched');
  // The last day the book lists: no other spec bets there, so this match's figures are the member's.
  const lobby = await studio<{ days: string[] }>(member.gameToken, '/api/sb/lobby');
  const day = lobby.days[lobby.days.length - 1];
  const { events } = await studio<{ events: EventCard[] }>(
    member.gameToken,
    `/api/sb/events?day=${day}&sport=football`,
  );
  const found = events.find(
    (e) => e.status === 'scheduled' && e.markets.some((x) => x.type === '1x2' && x.status === 'open'),
  );
  assert.ok(found, `a football match on ${day}`);
  event = found;
  const home = event.markets.find((x) => x.type === '1x2')!.selections.find((s) => s.key === 'home')!;
  const placed = await studio<{ bets: { id: string; status: string }[] }>(member.gameToken, '/api/sb/bets', {
    requestId: crypto.randomUUID(),
    legs: [{ selectionId: home.id, odds1000: home.odds1000 }],
    bets: [{ kind: 'single', selectionId: home.id, stake: STAKE }],
    oddsChange: 'any',
  });
  assert.equal(placed.bets[0]?.status, 'open', JSON.stringify(placed));
  betId = placed.bets[0]!.id;
});

test('the events show live scores, and the member stake and liability on their match', async () => {
  await openMenu(desk, 'sportsbook/events', 'Events');
  const filters = desk.getByRole('form', { name: 'Event filters' });
  await filters.getByLabel('Status').selectOption('live');
  await filters.getByRole('button', { name: 'Show' }).click();
  await desk.waitForURL(/status=live/);
  const live = desk.getByTestId('sb-event-row');
  await live.first().waitFor();
  const scores = await live.evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[3]?.textContent ?? ''));
  assert.ok(
    scores.some((s) => /\d+–\d+/.test(s)),
    `a live score: ${scores.join(' | ')}`,
  );
  await axeClean(desk, 'events-live');

  await filters.getByLabel('Status').selectOption('open');
  await filters.getByLabel('Sport').selectOption('football');
  await filters.getByLabel('League id').fill(event.league.id);
  await filters.getByRole('button', { name: 'Show' }).click();
  const row = eventRow(desk);
  await row.waitFor();
  const cells = await row.locator('td').allInnerTexts();
  assert.equal(cells[4], '20.00', 'open stake');
  assert.ok(Number((cells[5] ?? '').replace(/,/g, '')) > 0, `liability: ${cells[5]}`);
  assert.equal(cells[6], '1', 'one bet');

  // The date shortcuts: the match a week ahead is among the next 30 days, not the past 7; the
  // pressed shortcut pressed again lifts the range.
  const shortcuts = desk.getByRole('group', { name: 'Date shortcuts' });
  await shortcuts.getByRole('button', { name: 'Next 30 days' }).click();
  await desk.waitForURL((url) => url.searchParams.has('from') && url.searchParams.has('to'));
  await row.waitFor();
  await shortcuts.getByRole('button', { name: 'Past 7 days' }).click();
  await row.waitFor({ state: 'detached' });
  await shortcuts.getByRole('button', { name: 'Past 7 days', pressed: true }).click();
  await desk.waitForURL((url) => !url.searchParams.has('from'));
  await row.waitFor();
});

test('the trader suspends and resumes the match result market of the member match', async () => {
  await eventRow(desk).getByRole('link').click();
  await desk.getByRole('heading', { level: 1, name: `${event.home} v ${event.away}` }).waitFor();
  assert.equal(await fact(desk, 'Stake').innerText(), '20.00');
  const market = desk.locator('[data-testid=sb-market-row][data-market="1x2:ft:-"]');
  assert.equal(await market.locator('tbody tr').first().locator('td').nth(2).innerText(), '20.00', "home's stake");
  await axeClean(desk, 'event');

  await market.getByRole('button', { name: 'Suspend 1x2:ft:-' }).click();
  await confirmWith(desk, 'e2e: a trader looks at the match');
  await market.getByText('by a trader').waitFor();
  const onPage = await studio<{ markets: Market[] }>(member.gameToken, `/api/sb/events/${event.id}`);
  assert.equal(onPage.markets.find((x) => x.key === '1x2:ft:-')?.status, 'suspended', 'the player sees it suspended');
  await market.getByRole('button', { name: 'Resume 1x2:ft:-' }).click();
  await confirmWith(desk, 'e2e: looked at');
  await market.getByRole('button', { name: 'Suspend 1x2:ft:-' }).waitFor();
});

test('the bets ticker shows the member bet, marked big', async () => {
  await openMenu(desk, 'sportsbook/bets', 'Bets ticker');
  await desk.getByLabel('Big bets only').check();
  // Other specs bet on the same match, and the list shows small bets until "Big bets only" reloads it:
  // the member's own row is the one this test placed.
  const row = desk
    .getByTestId('sb-bet-row')
    .filter({ hasText: `${event.home} v ${event.away}` })
    .filter({ hasText: member.username });
  await row.waitFor();
  assert.equal(await row.getAttribute('data-big'), 'true');
  assert.match(await row.innerText(), /Big bet/);
  assert.match(await row.innerText(), /20\.00/);
  assert.match(await row.innerText(), new RegExp(member.username), "the member's username");
  await axeClean(desk, 'bets');
});

test('the trader sets an e-sports league margin', async () => {
  const margins = await admin<{ leagues: { id: string; name: string; sport: string; marginPpm: number | null }[] }>(
    'GET',
    '/admin/sportsbook/margins',
  );
  // A league no other spec bets in (the Sports lobby has no e-sports), so no slip meets the new prices.
  const league = margins.leagues.find((l) => l.sport === 'esports');
  assert.ok(league, 'an e-sports league');
  leagueMargin = { id: league.id, name: league.name, before: league.marginPpm };
  await openMenu(desk, 'sportsbook/margins', 'Margins');
  const form = desk.getByRole('form', { name: 'Margins' });
  await form.getByLabel(`Margin of ${league.name} in percent; empty: the sport's`).fill('8.5');
  await form.getByRole('button', { name: 'Save' }).click();
  await desk.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
  const now = await admin<{ leagues: { id: string; marginPpm: number | null }[] }>('GET', '/admin/sportsbook/margins');
  assert.equal(now.leagues.find((l) => l.id === league.id)?.marginPpm, 85_000);
  await axeClean(desk, 'margins');
});

test('the trader enters the result, then corrects it; the member bets show both', async () => {
  await openMenu(desk, 'sportsbook/events', 'Events');
  await desk.goto(`/console/sportsbook/events/${encodeURIComponent(event.id)}`);
  await desk.getByRole('heading', { level: 1, name: `${event.home} v ${event.away}` }).waitFor();
  const score = async (form: string, ft: [number, number], h1: [number, number]) => {
    const f = desk.getByRole('form', { name: form });
    const fts = f.getByRole('group', { name: 'Full time' });
    await fts.getByLabel('Home (deciding)').fill(String(ft[0]));
    await fts.getByLabel('Away (deciding)').fill(String(ft[1]));
    await fts.getByLabel('Home (counted)').fill(String(ft[0]));
    await fts.getByLabel('Away (counted)').fill(String(ft[1]));
    const h1s = f.getByRole('group', { name: 'First half (optional)' });
    await h1s.getByLabel('Home (deciding)').fill(String(h1[0]));
    await h1s.getByLabel('Away (deciding)').fill(String(h1[1]));
    await h1s.getByLabel('Home (counted)').fill(String(h1[0]));
    await h1s.getByLabel('Away (counted)').fill(String(h1[1]));
    // The match is a week ahead: its first result, before the start, needs its reason (a walkover).
    if (form === 'Result') await f.getByLabel('Why this match has a result before its start').fill('e2e: walkover');
    await f.getByRole('button', { name: form === 'Result' ? 'Enter result' : 'Correct result' }).click();
  };
  await score('Result', [2, 0], [1, 0]);
  await confirmWith(desk, 'e2e: full time');
  await desk.getByRole('status').filter({ hasText: 'The sportsbook settled 1 bets and settled 0 again.' }).waitFor();
  assert.equal(await fact(desk, 'Result').innerText(), '2–0');
  let mine = await studio<{ bets: MyBet[] }>(member.gameToken, '/api/sb/bets?status=settled');
  const won = mine.bets.find((b) => b.id === betId);
  assert.equal(won?.status, 'won', JSON.stringify(mine));

  await score('Correct the result', [0, 1], [0, 0]);
  await confirmWith(desk, 'e2e: the home goal was offside');
  await desk.getByRole('status').filter({ hasText: 'The sportsbook settled 0 bets and settled 1 again.' }).waitFor();
  assert.equal(await fact(desk, 'Result').innerText(), '0–1');
  assert.equal(await fact(desk, 'Corrections').innerText(), '1');
  mine = await studio<{ bets: MyBet[] }>(member.gameToken, '/api/sb/bets?status=settled');
  const corrected = mine.bets.find((b) => b.id === betId);
  assert.equal(corrected?.status, 'lost', JSON.stringify(corrected));
  assert.deepEqual(
    corrected?.corrections.map((c) => [c.amount, c.reason]),
    [[-(won?.payout ?? 0), 'e2e: the home goal was offside']],
  );
  await axeClean(desk, 'event-corrected');
});

test("the book's profit by sport counts the settled bet", async () => {
  await openMenu(desk, 'sportsbook/profit', 'Book profit');
  const row = desk.locator('tbody tr').filter({ has: desk.locator('td', { hasText: /^football$/i }) });
  await row.first().waitFor();
  const [, bets = '', stake = '', payout = '', profit = ''] = await row.first().locator('td').allInnerTexts();
  const n = (s: string) => Number(s.replace(/,/g, ''));
  assert.ok(n(bets) >= 1, `bets ${bets}`);
  assert.ok(n(stake) >= 20, `stake ${stake}`);
  assert.equal(n(profit).toFixed(2), (n(stake) - n(payout)).toFixed(2));
  await axeClean(desk, 'profit');
});

test("the stake factors page shows the members' risk levels have all reached the book", async () => {
  await openMenu(desk, 'sportsbook/players', 'Stake factors');
  const waiting = desk.getByRole('region', { name: 'Risk levels waiting for the sportsbook' });
  // The push job sends a changed level within seconds of the change, to the studio this server runs.
  await waiting.getByText("Every member's risk level has reached the sportsbook.").waitFor();
  await axeClean(desk, 'players');
});

test("the data provider's messages the book could not take are listed for the trader", async () => {
  await openMenu(desk, 'sportsbook/settings', 'Limits');
  const section = desk.getByRole('region', { name: 'Rejected feed messages' });
  // The runner connects a provider's feed file of two bad messages beside the simulator.
  await section
    .getByTestId('sb-feed-reject-counts')
    .getByText(new RegExp(`^${PROVIDER_FEED_SOURCE}: 2 invalid, 0 failed`))
    .waitFor();
  const rows = section.getByTestId('sb-feed-reject').filter({ hasText: PROVIDER_FEED_SOURCE });
  const seq1 = rows.filter({ has: desk.getByRole('cell', { name: '1', exact: true }) });
  assert.match(await seq1.innerText(), /Invalid message.*odds1000/s, 'the odds below 1.01, with its reason');
  await rows.filter({ has: desk.getByRole('cell', { name: '—', exact: true }) }).waitFor();
  await screenshot(desk, 'console-sportsbook-feed-rejects');
});
