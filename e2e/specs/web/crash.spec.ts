// The house studio's crash game in the browser: a member launches the Crash tile, bets in
// the betting phase with an auto cash-out at 1.01x (the bet goes over the page's WebSocket, not the
// HTTP API), the round runs on the shared loop (WebSocket state), the bet settles and the balance
// moves; the round's hash verifies on /studio/fair.
// e2e: beside own-accounts-c
// (most of its time is the wait for a betting phase and the round's end on the shared loop, so it
// runs beside the other specs: e2e/run.ts; it plays with a member of its own, funded by an
// operator's balance adjustment, so no other spec moves the balance it checks)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { launchStudioGame, markPopupsSeen } from '../../support/player';
import { call, operatorPost, registerFromModal, tokenOf } from '../../support/site';
import { CRASH_FLIGHT_MS } from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

test('a member plays a crash round: bet, auto cash-out at 1.01x, the balance moves, the round verifies', async () => {
  const page = await newPage(browser());
  await markPopupsSeen(page);
  const username = `cr${Date.now().toString(36).slice(-8)}`;
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Crash Tester' });
  const member = await call<{ id: number }>('GET', '/wps/member/info', await tokenOf(page));
  await operatorPost(`/admin/members/${member.value?.id}/adjustments`, {
    direction: 'credit',
    amount: 100,
    reason: 'Stake for the crash browser test',
    requestId: randomUUID(),
  });
  const gameUrl = await launchStudioGame(page, 'PT', 'CRASH-001');
  // Which way the bet went: frames the page sent on its crash socket, and HTTP bet calls.
  const betFrames: string[] = [];
  const httpBets: string[] = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/studio/ws/crash')) return;
    ws.on('framesent', (frame) => {
      const text = String(frame.payload);
      if (text.includes('"type":"bet"')) betFrames.push(text);
    });
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/studio/api/crash/bet')) httpBets.push(request.url());
  });
  await page.goto(gameUrl);
  const balance = page.getByTestId('balance');
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  const start = await balance.innerText();

  // Bet in a betting phase (a long round may be rising when the page opens). The status line says
  // "placed", and a moment later, at 1.01x, the cash-out or the crash: any of them means the bet
  // was taken (a slow runner can miss the first). A runner slow enough to reach the button as the
  // phase closes gets a refusal instead: then the next round's phase is tried.
  const taken = /placed|Auto cash-out at|Crashed at/;
  for (let attempt = 1; ; attempt++) {
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid=bet]') as HTMLButtonElement | null)?.disabled,
      undefined,
      { timeout: CRASH_FLIGHT_MS },
    );
    await page.getByTestId('amount').fill('10.00');
    await page.getByTestId('auto-cashout').fill('1.01');
    const before = await page.getByTestId('message').textContent();
    await page.getByTestId('bet').click();
    const said = await (
      await page.waitForFunction(
        (previous) => {
          const text = document.querySelector('[data-testid=message]')?.textContent ?? '';
          return text && text !== previous ? text : null;
        },
        before,
        { timeout: PAGE_WAIT_MS },
      )
    ).jsonValue();
    if (said && taken.test(said)) break;
    assert.ok(attempt < 3, `no bet taken in three betting phases; the page said: ${said}`);
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=bet]') as HTMLButtonElement | null)?.disabled === true,
      undefined,
      { timeout: 60_000 },
    );
  }
  assert.ok(betFrames.length >= 1, 'the bet went over the socket');
  assert.deepEqual(httpBets, [], 'no HTTP bet call');
  await screenshot(page, 'studio-crash-bet');

  // The round runs; the bet settles (1.01x unless the round crashes at 1.00x) and shows in "Your bets".
  await page.waitForFunction(
    () => {
      const row = document.querySelector('[data-testid=my-bets] tr');
      const out = row?.children[2]?.textContent ?? '';
      return out === 'lost' || out.endsWith('×');
    },
    undefined,
    { timeout: 120_000 },
  );
  const row = await page.locator('[data-testid=my-bets] tr').first().innerText();
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid=balance]')?.textContent !== before,
    start,
    {
      timeout: 10_000,
    },
  );
  const end = await balance.innerText();
  const num = (s: string) => Number(s.replace(/,/g, ''));
  const delta = Math.round((num(end) - num(start)) * 100);
  // +0.10 for a 1.01x cash-out of 10.00, -10.00 when the round crashed at 1.00x.
  assert.ok(delta === 10 || delta === -1000, `balance ${start} -> ${end} (bet row: ${row})`);
  await screenshot(page, 'studio-crash-after');

  // The round's hash and the verifier once it crashed.
  // The link shows from the crash until the next round opens: read it in the page, in one step.
  const href = await (
    await page.waitForFunction(
      () => document.querySelector('[data-testid=verify-link]')?.getAttribute('href') ?? null,
      undefined,
      { timeout: CRASH_FLIGHT_MS },
    )
  ).jsonValue();
  assert.ok(href);
  await page.goto(href);
  await page.getByTestId('crash-point').waitFor();
  assert.match(await page.getByTestId('crash-result').innerText(), /Chain link verified/);
  await screenshot(page, 'studio-crash-fair');

  // On a phone: the whole page fits the width (no sideways scroll) and the controls are reachable.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(gameUrl);
  await page.getByTestId('multiplier').waitFor();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
  await page.getByTestId('bet').scrollIntoViewIfNeeded();
  assert.ok(await page.getByTestId('cashout').isVisible());
  await screenshot(page, 'studio-crash-phone');
});
