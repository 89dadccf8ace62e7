// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator } from '../../support/console';
import { call } from '../../support/site';

// The console's forms for what used to be JSON or minor units, in Chromium: an operator adds a chat
// entry point as a row of the list (an empty code is refused first, nothing saved), sets the agent
// adjustment approval threshold in money (an amount with three decimals refused first), adds, renames and
// moves a help category and removes a used one after choosing where its article goes, and picks the
// ticket a referral stage gives by its name; after a reload each change is still there, and the
// server holds the minor units and ids. Every brand setting, referral rule and category changed is
// put back (the settings right after they are seen, as other specs read the brand meanwhile).

let desk: Page;
useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
});

let adminToken = '';
async function admin<T>(method: string, url: string, body?: unknown): Promise<T> {
  adminToken ||= await operatorToken();
  const result = await call<T>(method, url, adminToken, body);
  assert.equal(result.success, true, `${method} ${url}: ${JSON.stringify(result)}`);
  return result.value as T;
}

type Setting = { key: string; value: unknown };
async function setting<T>(key: string): Promise<T> {
  const all = await admin<{ settings: Setting[] }>('GET', '/admin/brand/settings');
  return all.settings.find((s) => s.key === key)?.value as T;
}

const suffix = Date.now().toString(36).slice(-6);
const cleanups: (() => Promise<unknown>)[] = [];
after(async () => {
  for (const undo of cleanups.reverse()) await undo().catch(() => undefined);
});

function card(page: Page, key: string): Locator {
  return page.locator(`form[data-setting="${key}"]`);
}

test('a list setting and a money setting are edited through forms, checked, and kept', async () => {
  const op = await createOperator('forms', ['site.write', 'content.write', 'promotions.read', 'promotions.write']);
  await consoleSignIn(desk, op);
  await desk.goto('/console/site/settings');
  await desk.getByRole('heading', { level: 1, name: 'Brand settings' }).waitFor();

  // ---- chat entry points: rows
  const points = await setting<{ code: string; name: string }[]>('chatEntryPoints');
  cleanups.push(() => admin('PUT', '/admin/brand/settings/chatEntryPoints', { value: points }));
  const chat = card(desk, 'chatEntryPoints');
  await chat.scrollIntoViewIfNeeded();
  await chat.getByRole('button', { name: 'Add a row' }).click();
  const row = points.length + 1;
  await chat.getByRole('textbox', { name: `Name shown, row ${row}` }).fill('E2E desk');
  await chat.getByRole('button', { name: 'Save' }).click();
  await chat.getByRole('alert').filter({ hasText: 'Required' }).waitFor();
  await chat.getByRole('alert').filter({ hasText: 'Not saved: 1 entry needs fixing.' }).waitFor();
  assert.deepEqual(await setting('chatEntryPoints'), points, 'nothing saved');

  const code = `E2E${suffix}`.toUpperCase();
  await chat.getByRole('textbox', { name: `Code, row ${row}` }).fill(code);
  // Moved to the top: the order is the order players see.
  for (let i = row; i > 1; i--) await chat.getByRole('button', { name: `Move row ${i} up` }).click();
  await chat.getByRole('button', { name: 'Save' }).click();
  await chat.getByRole('status').filter({ hasText: 'Chat entry points saved' }).waitFor();
  assert.deepEqual(await setting('chatEntryPoints'), [{ code, name: 'E2E desk' }, ...points]);

  // ---- adjustment approval threshold: money in the brand's currency, minor units on the server. Not
  // the payout hold threshold, which agents.spec sets for its own run beside this one.
  const currency = await setting<string>('currency');
  const threshold = await setting<number>('adjustmentApprovalThreshold');
  cleanups.push(() => admin('PUT', '/admin/brand/settings/adjustmentApprovalThreshold', { value: threshold }));
  const hold = card(desk, 'adjustmentApprovalThreshold');
  await hold.scrollIntoViewIfNeeded();
  await hold.getByText(currency, { exact: true }).waitFor();
  const amount = hold.getByRole('textbox', { name: 'Adjustment approval threshold' });
  const shown = `${Math.floor(threshold / 100)}.${String(threshold % 100).padStart(2, '0')}`;
  assert.equal(await amount.inputValue(), shown);
  await amount.fill('1.005');
  await hold.getByRole('button', { name: 'Save' }).click();
  await hold
    .getByRole('alert')
    .filter({ hasText: `Enter an amount in ${currency} with at most two decimals` })
    .waitFor();
  assert.equal(await setting('adjustmentApprovalThreshold'), threshold, 'nothing saved');
  // One cent more than before: typed with a thousands comma, held as minor units.
  const next = threshold + 1;
  const typed = `${Math.floor(next / 100).toLocaleString('en')}.${String(next % 100).padStart(2, '0')}`;
  await amount.fill(typed);
  await hold.getByRole('button', { name: 'Save' }).click();
  await hold.getByRole('status').filter({ hasText: 'Adjustment approval threshold saved' }).waitFor();
  assert.equal(await setting('adjustmentApprovalThreshold'), next);

  await desk.reload();
  await card(desk, 'chatEntryPoints').getByRole('textbox', { name: 'Code, row 1' }).waitFor();
  assert.equal(await card(desk, 'chatEntryPoints').getByRole('textbox', { name: 'Code, row 1' }).inputValue(), code);
  assert.equal(
    await card(desk, 'adjustmentApprovalThreshold')
      .getByRole('textbox', { name: 'Adjustment approval threshold' })
      .inputValue(),
    `${Math.floor(next / 100)}.${String(next % 100).padStart(2, '0')}`,
  );
  await screenshot(desk, 'console-settings-forms');
  // Put back at once: other specs read the brand while this one goes on.
  await admin('PUT', '/admin/brand/settings/chatEntryPoints', { value: points });
  await admin('PUT', '/admin/brand/settings/adjustmentApprovalThreshold', { value: threshold });
});

type Category = { id: number; name: string; sort: number; articles: number };
const categories = async () => (await admin<{ list: Category[] }>('GET', '/admin/content/helpCategories')).list;

test('help categories are a list: added, renamed, moved, and a used one removed after a confirmation', async () => {
  await desk.goto('/console/content/help');
  const panel = desk.getByTestId('help-categories');
  await panel.getByRole('heading', { name: 'Categories' }).waitFor();
  const name = `E2E help ${suffix}`;
  await panel.getByRole('textbox', { name: 'New category name' }).fill(name);
  await panel.getByRole('button', { name: 'Add category' }).click();
  await panel.locator(`li[data-category="${name}"]`).waitFor();
  const added = (await categories()).find((c) => c.name === name);
  assert.ok(added, 'added through the API');
  cleanups.push(() => admin('DELETE', `/admin/content/helpCategories/${added.id}`));

  const renamed = `E2E guide ${suffix}`;
  await panel.getByRole('button', { name: `Rename ${name}` }).click();
  await panel.getByRole('textbox', { name: `New name for ${name}` }).fill(renamed);
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.locator(`li[data-category="${renamed}"]`).waitFor();
  // Added last; one place up.
  const before = (await categories()).map((c) => c.id);
  assert.equal(before.at(-1), added.id);
  await panel.getByRole('button', { name: `Move ${renamed} up` }).click();
  await desk.waitForFunction((n) => {
    const items = [...document.querySelectorAll('[data-testid="help-categories"] li')];
    return items.length > 1 && items.at(-2)?.getAttribute('data-category') === n;
  }, renamed);

  await desk.reload();
  await panel.locator(`li[data-category="${renamed}"]`).waitFor();
  const after = await categories();
  assert.equal(after.at(-2)?.id, added.id, 'kept one place up');
  assert.equal(after.at(-2)?.name, renamed);

  // A used category: its article moves to the category chosen in the confirmation.
  const target = await admin<Category>('POST', '/admin/content/helpCategories', { name: `E2E target ${suffix}` });
  cleanups.push(() => admin('DELETE', `/admin/content/helpCategories/${target.id}`));
  const article = await admin<{ id: number }>('POST', '/admin/content/help', {
    category: renamed,
    title: `E2E article ${suffix}`,
    content: 'Moves with its category.',
    // Off: it never shows in the player site's help centre while other specs read it.
    enabled: false,
  });
  cleanups.push(() => admin('DELETE', `/admin/content/help/${article.id}`));
  await desk.reload();
  await panel.getByRole('button', { name: `Delete ${renamed}` }).click();
  const dialog = desk.getByRole('dialog', { name: `Remove “${renamed}”?` });
  await dialog.getByText('1 article is in this category.').waitFor();
  const confirm = dialog.getByRole('button', { name: 'Move and remove' });
  assert.equal(await confirm.isDisabled(), true, 'waits for a category to move to');
  await dialog.getByLabel('Move the articles to').selectOption({ label: target.name });
  await confirm.click();
  await panel.locator(`li[data-category="${renamed}"]`).waitFor({ state: 'detached' });
  const list = await categories();
  assert.equal(
    list.find((c) => c.id === added.id),
    undefined,
  );
  assert.equal(list.find((c) => c.id === target.id)?.articles, 1);
});

type Rules = Record<string, unknown> & { turnover: Record<string, unknown> | null };
test("a referral stage's ticket is chosen by the ticket kind's name", async () => {
  const kindName = `E2E referral wheel ${suffix}`;
  const kind = await admin<Record<string, unknown> & { id: number }>('POST', '/admin/tickets/kinds', {
    kind: 'prize_wheel',
    name: kindName,
    enabled: true,
    depositMin: 100,
    prizes: [
      { label: 'E2E one', type: 'points', points: 1, weight: 1 },
      { label: 'E2E two', type: 'points', points: 2, weight: 1 },
    ],
  });
  cleanups.push(() => {
    const { id: _id, ...rest } = kind;
    return admin('PUT', `/admin/tickets/kinds/${kind.id}`, { ...rest, enabled: false });
  });
  const settings = await admin<{ enabled: boolean; rules: Rules }>('GET', '/admin/referrals/settings');
  cleanups.push(() => admin('PUT', '/admin/referrals/settings', { enabled: settings.enabled, rules: settings.rules }));
  // The turnover stage's reward, switched on if it was off.
  const rules: Rules = {
    ...settings.rules,
    turnover: settings.rules.turnover ?? { threshold: 1000, amount: 1, ticketKindId: null },
  };
  await admin('PUT', '/admin/referrals/settings', { enabled: settings.enabled, rules });

  await desk.goto('/console/referrals/settings');
  const stage = desk.getByRole('group', { name: 'Friend reaches a turnover' });
  const ticket = stage.getByLabel('Ticket given');
  await ticket.locator('option', { hasText: kindName }).waitFor({ state: 'attached' });
  await ticket.selectOption({ label: kindName });
  await desk.getByRole('button', { name: 'Save' }).click();
  await desk.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const saved = await admin<{ rules: Rules }>('GET', '/admin/referrals/settings');
  assert.equal(saved.rules.turnover?.ticketKindId, kind.id);

  await desk.reload();
  const shown = desk.getByRole('group', { name: 'Friend reaches a turnover' }).getByLabel('Ticket given');
  await shown.locator('option', { hasText: kindName }).waitFor({ state: 'attached' });
  await desk.waitForFunction(
    (n) => [...document.querySelectorAll('select')].some((s) => s.selectedOptions[0]?.textContent === n),
    kindName,
  );
  assert.equal(await shown.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent), kindName);
  await admin('PUT', '/admin/referrals/settings', { enabled: settings.enabled, rules: settings.rules });
});
