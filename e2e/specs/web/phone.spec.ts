// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { artifactsDir } from '../../support/env';
import { markPopupsSeen } from '../../support/player';
import { useSiteBrowser } from './web-build';

// The player site on a 390 px phone: what a visitor and a signed-in player see in the header
// without opening the menu, and member-centre tables as cards that never scroll sideways.
let member: Page;
const browser = useSiteBrowser(async (chromium) => {
  member = await phonePage(chromium);
});

async function phonePage(chromium: Browser): Promise<Page> {
  const page = await newPage(chromium);
  await page.setViewportSize({ width: 390, height: 844 });
  await markPopupsSeen(page);
  // Counts values a script writes into number boxes that the browser cannot parse (it only warns).
  await page.addInitScript(() => {
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
    const w = window as unknown as { unparsableNumbers: string[] };
    w.unparsableNumbers = [];
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      ...value,
      set(this: HTMLInputElement, v: unknown) {
        if (this.type === 'number' && String(v) !== '' && !Number.isFinite(Number(v))) {
          w.unparsableNumbers.push(`${this.name}=${String(v)}`);
        }
        value?.set?.call(this, v);
      },
    });
  });
  return page;
}

/** What this document wrote into number boxes that is not a number (NaN and the like). */
const unparsableNumbers = (page: Page) =>
  page.evaluate(() => (window as unknown as { unparsableNumbers: string[] }).unparsableNumbers.join(', '));

/** What the phone shows without scrolling (the full-page screenshots are too tall to judge the header). */
const screenTop = (page: Page, name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}-top.png`) });

const headerRow = (page: Page) => page.locator('header > div').first();

/** No sideways scroll; the header row's controls all inside the screen and none over another. */
async function assertHeaderFits(page: Page) {
  const found = await page.evaluate(() => {
    const row = document.querySelector('header > div');
    const controls = Array.from(row?.querySelectorAll('a, button, select, [data-testid="header-balance"]') ?? [])
      .map((el) => ({
        el,
        name: el.getAttribute('aria-label') || el.textContent?.trim() || el.tagName,
        r: el.getBoundingClientRect(),
      }))
      .filter(({ r }) => r.width > 1 && r.height > 1);
    const problems: string[] = [];
    for (const { name, r } of controls) {
      if (r.left < 0 || r.right > window.innerWidth)
        problems.push(`${name} is outside the screen (${r.left}-${r.right})`);
    }
    for (let i = 0; i < controls.length; i++) {
      for (let j = i + 1; j < controls.length; j++) {
        const a = controls[i];
        const b = controls[j];
        if (!a || !b) continue;
        const overlap =
          Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left) > 0.5 &&
          Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top) > 0.5;
        // A control holding another (the balance button around the amount) covers nothing.
        const nested = a.el.contains(b.el) || b.el.contains(a.el);
        if (overlap && !nested) problems.push(`${a.name} overlaps ${b.name}`);
      }
    }
    const scroll = document.scrollingElement?.scrollWidth ?? 0;
    if (scroll > window.innerWidth) problems.push(`the page is ${scroll}px wide in ${window.innerWidth}px`);
    return problems;
  });
  assert.deepEqual(found, []);
}

test('a visitor on a phone sees Log in and Register in the header without opening the menu', async () => {
  const page = await phonePage(browser());
  await page.goto('/');
  const row = headerRow(page);
  await row.getByRole('button', { name: 'Log in' }).waitFor();
  // Register follows once the brand's sign-up settings have loaded (a moment later on a loaded machine).
  await row.getByRole('button', { name: 'Register' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'), 'false');
  await assertHeaderFits(page);
  // The simulated jackpot continues on a reload instead of starting lower.
  const jackpot = async () => Number((await page.getByTestId('jackpot').innerText()).replace(/[^\d.]/g, ''));
  const before = await jackpot();
  assert.match(await page.getByRole('heading', { name: /Jackpot \(simulated\)/ }).innerText(), /simulated/);
  await page.reload();
  await row.getByRole('button', { name: 'Log in' }).waitFor();
  assert.ok((await jackpot()) >= before, `jackpot ${before} then ${await jackpot()}`);
  await screenshot(page, 'phone-home-visitor');
  await screenTop(page, 'phone-home-visitor');
  await row.getByRole('button', { name: 'Register' }).click();
  const modal = page.getByRole('dialog', { name: 'Register' });
  await modal.waitFor();
  // The sign-up asks only what the brand requires; the optional fields open on the visitor's word.
  await modal.getByRole('button', { name: 'Add more details now (optional)' }).click();
  // One code field for the agent's invitation code and a member's referral code.
  await modal.getByLabel('Invitation code').waitFor();
  assert.equal(await modal.getByLabel('Referral code').count(), 0);
  // The dialing code comes first, compact, and the number box keeps most of the row. Both boxes are
  // read in one frame, and again until the dialog has settled: the optional fields just opened, and
  // on a loaded machine the row is measured while the dialog still lays itself out.
  const numberBox = await modal.getByRole('textbox', { name: 'Mobile number' }).elementHandle();
  const dialBox = await modal.getByRole('combobox', { name: 'Country code' }).elementHandle();
  assert.ok(numberBox && dialBox, 'the mobile number and its dialing code');
  const rowOf = () =>
    page.evaluate(
      ([n, d]) => {
        const number = n.getBoundingClientRect();
        const dial = d.getBoundingClientRect();
        return { number: { x: number.x, width: number.width }, dial: { x: dial.x, width: dial.width } };
      },
      [numberBox, dialBox] as const,
    );
  const settled = Date.now() + 5_000;
  let boxes = await rowOf();
  while (Date.now() < settled && boxes.dial.x + boxes.dial.width > boxes.number.x) {
    await page.waitForTimeout(100);
    boxes = await rowOf();
  }
  const { number, dial } = boxes;
  assert.ok(dial.x + dial.width <= number.x, `dialing code (${dial.x}) before the number (${number.x})`);
  assert.ok(number.width >= 2 * dial.width, `number box ${number.width}px beside a ${dial.width}px dialing code`);
  await screenshot(page, 'phone-register');
  await screenTop(page, 'phone-register');
  await page.context().close();
});

test('a signed-in player on a phone sees the balance and Deposit in the header without opening the menu', async () => {
  const page = member;
  await page.goto('/');
  await headerRow(page).getByRole('button', { name: 'Log in' }).click();
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByRole('textbox', { name: 'Username' }).fill('demo01');
  await login.locator('input[name="password"]').fill('Demo@1234');
  await login.getByRole('button', { name: 'Log in' }).click();
  await login.waitFor({ state: 'detached' });

  const row = headerRow(page);
  const balance = row.getByTestId('header-balance');
  await page.waitForFunction(() =>
    /\d/.test(document.querySelector('[data-testid="header-balance"]')?.textContent ?? ''),
  );
  assert.ok(await balance.isVisible());
  assert.match(await balance.innerText(), /^₱[\d,]+\.\d{2}$/);
  assert.ok(await balance.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the whole amount shows, not cut off');
  assert.ok(await row.getByRole('button', { name: 'Deposit' }).isVisible());
  assert.equal(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'), 'false');
  await assertHeaderFits(page);
  await screenshot(page, 'phone-home-member');
  await screenTop(page, 'phone-home-member');

  // The menu holds the rest of the account area (name, sign out), with one balance on the page.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByTestId('account-name').waitFor();
  assert.ok(await page.getByRole('button', { name: 'Sign out' }).isVisible());
  assert.equal(await page.getByTestId('header-balance').count(), 1);
  await screenshot(page, 'phone-menu-member');
  await screenTop(page, 'phone-menu-member');
  await page.getByRole('button', { name: 'Menu' }).click();

  await row.getByRole('button', { name: 'Deposit' }).click();
  await page.waitForURL(/\/member\/depositv2$/);
});

test('member-centre tables are cards on a phone: nothing scrolls sideways', async () => {
  const page = member;
  // A deposit order, so the deposit history has a row; the amount box empties afterwards.
  await page.goto('/member/depositv2');
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Payment method' }) });
  await form.getByRole('radio', { name: /^Bank transfer/ }).check();
  await form.getByLabel('Amount').fill('200');
  await form.getByRole('button', { name: 'Deposit' }).click();
  const history = page.getByRole('table', { name: 'Deposit history' });
  await history.getByText('Pending').first().waitFor();
  assert.equal(await form.getByLabel('Amount').inputValue(), '');
  assert.equal(await unparsableNumbers(page), '', 'no NaN written into the amount box');

  for (const entry of [
    'depositv2',
    'withdraw',
    'transactionHistory',
    'personalHistoryCopy',
    'personalProfit',
    'bonusDetails',
    'securityCenter',
    'transferFund',
    'transferUpline',
  ]) {
    await page.goto(`/member/${entry}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const found = await page.evaluate(() => {
      const problems: string[] = [];
      const scroll = document.scrollingElement?.scrollWidth ?? 0;
      if (scroll > window.innerWidth) problems.push(`the page is ${scroll}px wide`);
      for (const table of Array.from(document.querySelectorAll('table'))) {
        const r = table.getBoundingClientRect();
        if (r.right > window.innerWidth + 0.5) problems.push(`a table ends at ${Math.round(r.right)}px`);
        // A table inside a sideways-scrolling box does not widen the page, but still scrolls.
        for (let box = table.parentElement; box; box = box.parentElement) {
          if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== 'visible') {
            problems.push(`a table scrolls sideways in its box (${box.scrollWidth} > ${box.clientWidth})`);
            break;
          }
        }
      }
      return problems;
    });
    assert.deepEqual(found, [], `/member/${entry} at 390 px`);
    assert.equal(await unparsableNumbers(page), '', `/member/${entry}: no NaN written into a number box`);
    await screenshot(page, `phone-member-${entry}`);
  }

  // The deposit just made is a card: each line labelled with its column.
  await page.goto('/member/depositv2');
  const first = page.getByRole('table', { name: 'Deposit history' }).locator('tbody tr').first();
  await first.getByText('Pending').waitFor();
  const card = await first.evaluate((tr) => ({
    display: getComputedStyle(tr).display,
    labels: Array.from((tr as HTMLTableRowElement).cells, (td) => td.dataset.label ?? ''),
    headers: Array.from(tr.closest('table')?.querySelectorAll('thead th') ?? [], (th) => th.textContent ?? ''),
  }));
  assert.equal(card.display, 'block');
  assert.deepEqual(card.labels, card.headers);
});

test('home promotions fill whole rows, and game tiles keep their artwork badges uncovered', async () => {
  const page = await phonePage(browser());
  for (const width of [1280, 700, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const list = page.getByTestId('home-promotions');
    await list.locator('li img').first().waitFor();
    // Every shown banner in full rows: the visible items divide evenly among the row positions.
    const rows = await list.evaluate((ul) => {
      const tops = new Map<number, number>();
      for (const li of Array.from(ul.children)) {
        const r = li.getBoundingClientRect();
        if (r.width > 0) tops.set(Math.round(r.top), (tops.get(Math.round(r.top)) ?? 0) + 1);
      }
      return [...tops.values()];
    });
    assert.ok(rows.length > 0 && rows.every((n) => n === rows[0]), `${width}px: items per row ${rows.join(', ')}`);
    await list.scrollIntoViewIfNeeded();
    await screenshot(page, `home-promotions-${width}`);
  }

  // The heart and the hot tag sit on the title line, never over the artwork's corner badges.
  await page.goto('/rng');
  const tile = page.locator('[data-testid="game-grid"] li').first();
  const heart = tile.getByRole('button', { name: /^Add to favourites: / });
  await heart.waitFor();
  const art = await tile.locator('img').first().boundingBox();
  const box = await heart.boundingBox();
  assert.ok(art && box);
  assert.ok(box.y >= art.y + art.height, `heart at ${box.y}, artwork ends at ${art.y + art.height}`);
  await screenshot(page, 'phone-rng-tiles');
  await page.context().close();
});
