// e2e: alone
// (a running ranking counts every member who plays while it runs and pays its top places when its
// period ends: beside the other specs, their players would enter the board and could win a prize
// that moves a balance they check. It ends its ranking in `after`.)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot } from '../../support/browser';
import { markPopupsSeen, playStudioRounds } from '../../support/player';
import { call, operatorPost, registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

// A ranking promotion in the browser (docs/rewards.md "Ranking"): an operator runs a ranking
// for the next minutes, two new members play studio rounds, and the promotion's page shows the live
// leaderboard: the one who bet more first, each with their valid bets, usernames masked, and the
// member's own place under it.

const browser = useSiteBrowser();
const suffix = Date.now().toString(36).slice(-7);
const title = `Ranking ${suffix}`;
let promotionId = 0;

after(async () => {
  if (promotionId) await operatorPost(`/admin/promotions/${promotionId}/state`, { state: 'ended' });
});

/** The server's mask (rewards.presenter.ts maskUsername): first two and last characters. */
function masked(username: string): string {
  return `${username.slice(0, 2)}${'*'.repeat(Math.min(username.length - 3, 6))}${username.slice(-1)}`;
}

/** "₱1,234.56" in minor units. */
function minor(text: string): number {
  const m = /-?[\d,]+\.\d{2}/.exec(text);
  assert.ok(m, `no amount in ${JSON.stringify(text)}`);
  return Math.round(Number(m[0].replace(/,/g, '')) * 100);
}

/** A new member, signed in on a page of their own, with 100.00 from an operator's adjustment. */
async function fundedMember(username: string): Promise<{ page: Page; username: string; token: string }> {
  const page = await newPage(browser());
  await markPopupsSeen(page);
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Rank Tester' });
  const token = await tokenOf(page);
  const member = await call<{ id: number }>('GET', '/wps/member/info', token);
  await operatorPost(`/admin/members/${member.value?.id}/adjustments`, {
    direction: 'credit',
    amount: 100,
    reason: 'Stake for the ranking browser test',
    requestId: randomUUID(),
  });
  return { page, username, token };
}

test('two members play during a ranking and its page shows them in order with their valid bets', async () => {
  const now = Date.now();
  const created = await operatorPost('/admin/promotions', {
    type: 'RANKING',
    kind: 'ranking',
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 10 * 60_000).toISOString(),
    texts: { en: { title, summary: 'Most valid bets in ten minutes wins.', rules: 'Slots count.' } },
    rules: { trigger: 'none', payAs: 'cash', ranking: { prizes: [5, 2], gameTypes: [] } },
  });
  promotionId = Number(created.id);
  await operatorPost(`/admin/promotions/${promotionId}/state`, { state: 'active' });

  // Names whose masks differ (first two and last characters), so the order shows on the board.
  const first = await fundedMember(`fa${suffix}x`);
  const second = await fundedMember(`sb${suffix}y`);
  const a = await playStudioRounds(first.token, 4);
  const b = await playStudioRounds(second.token, 2);
  assert.ok(a.staked > b.staked, `first staked ${a.staked}, second ${b.staked}`);
  await second.page.context().close();

  const page = first.page;
  await page.goto(`/promotions/${promotionId}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  const board = page.getByTestId('leaderboard');
  const rows = board.locator('tbody tr');
  const cells = async () =>
    Promise.all((await rows.all()).map(async (row) => (await row.locator('td').allInnerTexts()).map((s) => s.trim())));
  // The board counts every member whose rounds close while the ranking runs: running alone keeps
  // other specs' players off it, but a lottery ticket an earlier spec bought closes at its draw,
  // which may fall in these minutes. So the two members are found by name, and the board is
  // checked whole for its order.
  const placeOf = (list: string[][], username: string) => list.findIndex((r) => r[1] === masked(username));
  // The rewards worker takes the rounds within a second or two; the board refreshes every 10 s.
  let shown = await cells();
  for (let i = 0; i < 20 && (placeOf(shown, first.username) < 0 || placeOf(shown, second.username) < 0); i++) {
    await page.waitForTimeout(1_000);
    await page.reload();
    await board.waitFor();
    shown = await cells();
  }
  const one = shown[placeOf(shown, first.username)] ?? [];
  const two = shown[placeOf(shown, second.username)] ?? [];
  assert.ok(placeOf(shown, first.username) < placeOf(shown, second.username), JSON.stringify(shown));
  assert.deepEqual([one[1], minor(one[2] ?? '')], [masked(first.username), a.staked], JSON.stringify(shown));
  assert.deepEqual([two[1], minor(two[2] ?? '')], [masked(second.username), b.staked], JSON.stringify(shown));
  // Places 1, 2, 3... in order of valid bets, the most first.
  assert.deepEqual(
    shown.map((r) => r[0]),
    shown.map((_, n) => String(n + 1)),
  );
  const bets = shown.map((r) => minor(r[2] ?? ''));
  assert.deepEqual(
    bets,
    [...bets].sort((x, y) => y - x),
    JSON.stringify(shown),
  );
  await board
    .getByTestId('leaderboard-mine')
    .getByText(new RegExp(`Your place: ${one[0]} with`))
    .waitFor();
  // The other player is never named in full on the board.
  assert.equal(await board.getByText(second.username).count(), 0);
  // The prizes are 5.00 and 2.00 for the first two places.
  if (one[0] === '1') assert.equal(minor(one[3] ?? ''), 500);
  assert.equal(minor(await board.getByTestId('leaderboard-mine').innerText()), a.staked);

  assert.deepEqual(await seriousAxeViolations(page), []);
  await screenshot(page, 'ranking-leaderboard');
});
