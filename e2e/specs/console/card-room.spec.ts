// e2e: beside console-desk
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import {
  type ConsoleOperator,
  consoleSignIn,
  consoleToken,
  createOperator,
  openConsoleEntry,
} from '../../support/console';
import { baseUrl } from '../../support/env';
import { call } from '../../support/site';
import { newStudioMember } from '../../support/studio';

// The console's card room (docs/pvp.md "Hand histories and integrity"): the integrity report states
// the brand's thresholds in words and shows what the API answers for its days, the rake report and
// the hand search open from the menu; all read from the house studio through the signed calls.
// Then two members of the spec's own play hands at the heads-up table in which one folds to the other
// every time, which lowered thresholds flag as chip dumping: the operator clears the flag with a
// reason, it leaves the open flags and is listed under the cleared ones with who cleared it.

let desk: Page;
let operator: ConsoleOperator;
const browser = useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  operator = await createOperator('cardroom', ['pvp.review']);
  await consoleSignIn(desk, operator);
});

test('the integrity report, the rake report and the hand search open from the card room menu', async () => {
  await desk.setViewportSize({ width: 1366, height: 900 });
  const asked = desk.waitForRequest((r) => r.url().includes('/admin/pvp/integrity?'));
  await openConsoleEntry(desk, 'Integrity report');
  const query = new URL((await asked).url()).search;
  const thresholds = desk.getByTestId('pvp-thresholds');
  await thresholds.waitFor();
  const api = await call<{ hands: number; chipDumping: unknown[]; softPlay: unknown[] }>(
    'GET',
    `/admin/pvp/integrity${query}`,
    await consoleToken(desk),
  );
  assert.equal(api.success, true, JSON.stringify(api));
  const report = api.value ?? { hands: -1, chipDumping: [], softPlay: [] };
  const text = await thresholds.innerText();
  assert.match(text, /folded after putting in 20 big blinds or more/);
  assert.match(text, /bet or raised on at most 5% of them/);
  assert.match(text, new RegExp(`${report.hands} hands? read`));
  assert.equal(await desk.getByTestId('pvp-dump-flag').count(), report.chipDumping.length);
  assert.equal(await desk.getByTestId('pvp-soft-flag').count(), report.softPlay.length);
  assert.deepEqual(await seriousAxeViolations(desk), []);
  await screenshot(desk, 'console-pvp-integrity');

  await openConsoleEntry(desk, 'Rake report');
  await desk.getByRole('table', { name: 'Rake report' }).waitFor();
  await openConsoleEntry(desk, 'Hand histories');
  await desk.getByRole('table', { name: 'Hand histories' }).waitFor();
});

const TABLE = 'holdem-hu-1-2';
type Seat = { token: string; seq: number };
type TableView = {
  hand: { over: boolean; currentBet: number } | null;
  you: { legal: { canCheck: boolean } | null } | null;
};

async function studio<T>(seat: Seat, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/studio/api/pvp/tables/${TABLE}${path}`, {
    method,
    headers: { 'x-game-token': seat.token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.equal(res.status, 200, `${method} ${path}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * Plays hands until `count` have ended: A opens to 5 big blinds and folds to B's re-raise to 15; B
 * otherwise checks or calls. The table's own loop deals (4 s between hands).
 */
async function dumpHands(a: Seat, b: Seat, count: number): Promise<void> {
  let ended = 0;
  let inHand = false;
  const until = Date.now() + 90_000;
  while (ended < count) {
    assert.ok(Date.now() < until, `only ${ended} of ${count} hands ended`);
    const [va, vb] = [await studio<TableView>(a, 'GET', ''), await studio<TableView>(b, 'GET', '')];
    if (!va.hand || va.hand.over) {
      if (inHand) ended++;
      inHand = false;
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    inHand = true;
    const [me, v] = va.you?.legal ? [a, va] : vb.you?.legal ? [b, vb] : [null, va];
    if (!me) continue;
    const current = v.hand?.currentBet ?? 0;
    const action =
      me === a
        ? current < 1_000
          ? { type: current > 0 ? 'raise' : 'bet', to: 1_000 }
          : { type: 'fold' }
        : current >= 1_000 && current < 3_000
          ? { type: 'raise', to: 3_000 }
          : v.you?.legal?.canCheck
            ? { type: 'check' }
            : { type: 'call' };
    await studio(me, 'POST', '/act', { seq: ++me.seq, action });
  }
}

test('an operator clears a chip dumping flag: it leaves the open flags and is listed as cleared', async () => {
  const admin = await operatorToken();
  const settings = await call<{ settings: { key: string; value: unknown }[] }>('GET', '/admin/brand/settings', admin);
  const was = settings.value?.settings.find((s) => s.key === 'pvpIntegrity')?.value;
  assert.ok(was, 'the brand setting pvpIntegrity');
  const seats: Seat[] = [];
  try {
    // ₱20 lost over 2 hands, 80% of it in folds after 5 big blinds or more: flagged.
    const lowered = { ...(was as object), dumpMinAmount: 2_000, dumpMinHands: 2, dumpBigFoldBigBlinds: 5 };
    const put = await call('PUT', '/admin/brand/settings/pvpIntegrity', admin, { value: lowered });
    assert.equal(put.success, true, JSON.stringify(put));
    const members = await Promise.all([
      newStudioMember(browser(), 'dma', 'Dump One'),
      newStudioMember(browser(), 'dmb', 'Dump Two'),
    ]);
    for (const [i, m] of members.entries()) {
      await m.context.close();
      const launch = await call<{ url: string }>('POST', '/wps/game/launchGame', m.token, {
        vassalage: 'KX',
        gameCode: 'PVP-001',
        language: 'EN',
        backUrl: '/rng',
      });
      const url = new URL(launch.value?.url ?? '', baseUrl());
      const token = url.searchParams.get('token');
      assert.ok(token, JSON.stringify(launch));
      // Opening the game page starts the studio's session of the token, as the member's browser does.
      assert.equal((await fetch(url)).status, 200);
      seats.push({ token, seq: 0 });
      await studio(seats[i]!, 'POST', '/sit', { seat: i, buyIn: 8_000 });
    }
    const [a, b] = seats as [Seat, Seat];
    await dumpHands(a, b, 2);
    // Both stand up, so no hand is dealt after the two the operator reads.
    for (const seat of seats.splice(0)) await studio(seat, 'POST', '/leave', {});

    await desk.goto(`${baseUrl()}/console/pvp/integrity`);
    const flag = desk.getByTestId('pvp-dump-flag').filter({ hasText: members[0]!.username });
    await flag.waitFor();
    assert.equal(await flag.getAttribute('data-state'), 'open');
    await flag.getByRole('button', { name: 'Clear' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Clear this flag' });
    await dialog.getByLabel('Reason').fill('Two friends learning the game; the folds read honest');
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await flag.waitFor({ state: 'detached' });

    await desk.getByLabel('Flags').selectOption('cleared');
    const cleared = desk.getByTestId('pvp-dump-flag').filter({ hasText: members[0]!.username });
    await cleared.waitFor();
    assert.equal(await cleared.getAttribute('data-state'), 'cleared');
    assert.match(
      await cleared.getByTestId('pvp-flag-review').innerText(),
      new RegExp(`Marked cleared by ${operator.username} .*Two friends learning the game`),
    );
    assert.deepEqual(await seriousAxeViolations(desk), []);
    await screenshot(desk, 'console-pvp-integrity-cleared');
  } finally {
    for (const seat of seats) await studio(seat, 'POST', '/leave', {}).catch(() => {});
    await call('PUT', '/admin/brand/settings/pvpIntegrity', admin, { value: was });
  }
});
