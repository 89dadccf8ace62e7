// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
// e2e: alone
// (it puts the player site into maintenance: e2e/run.ts runs it after the other specs)
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator, openConsoleEntry } from '../../support/console';
import { PAGE_WAIT_MS } from '../../support/env';
import { call } from '../../support/site';

// The console's Site area in Chromium: an operator holding only site.write edits brand
// settings (a value refused before it is sent, one saved), turns maintenance on behind a
// confirmation (the player site shows the maintenance page) and off again (the site is back),
// turns a whitelabel switch, adds, orders and deletes a resource, and changes a registration
// field rule; axe finds no serious violation. Every setting changed is put back at the end.

let desk: Page;
let player: Page;
const browser = useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  player = await newPage(chromium);
});

let adminToken = '';
async function admin<T>(method: string, url: string, body?: unknown): Promise<T> {
  adminToken ||= await operatorToken();
  const result = await call<T>(method, url, adminToken, body);
  assert.equal(result.success, true, `${method} ${url}: ${JSON.stringify(result)}`);
  return result.value as T;
}

type BrandState = {
  settings: { key: string; value: unknown }[];
  switches: { modId: string; enabled: boolean }[];
  smsSentToday: number;
};
type FieldRule = {
  field: string;
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  patternId: number | null;
  acceptedPattern: string;
  sort: number;
};

const brand = () => admin<BrandState>('GET', '/admin/brand/settings');
async function setting(key: string): Promise<unknown> {
  return (await brand()).settings.find((s) => s.key === key)?.value;
}
const fieldRule = async (field: string) =>
  (await admin<{ list: FieldRule[] }>('GET', '/admin/site/registrationFields')).list.find((r) => r.field === field);

let original: BrandState | undefined;
let originalRule: FieldRule | undefined;
const suffix = Date.now().toString(36).slice(-6);
const resourceName = `e2e-${suffix}`;
const axeFindings: string[] = [];
let operator: ConsoleOperator;

async function axeCheck(page: Page, screen: string) {
  const found = await seriousAxeViolations(page);
  axeFindings.push(...found.map((v) => `${screen}: ${v}`));
}

/** The card of one setting (a form named by the setting's title). */
const card = (name: string): Locator => desk.getByRole('form', { name, exact: true });

// Whatever happens in the tests, the brand, the switches and the rule are as they were.
after(async () => {
  if (original) {
    const now = await brand();
    for (const s of original.settings) {
      const current = now.settings.find((n) => n.key === s.key);
      if (JSON.stringify(current?.value) !== JSON.stringify(s.value))
        await admin('PUT', `/admin/brand/settings/${s.key}`, { value: s.value });
    }
    for (const sw of original.switches) {
      const current = now.switches.find((n) => n.modId === sw.modId);
      if (current?.enabled !== sw.enabled)
        await admin('PUT', `/admin/brand/switches/${sw.modId}`, { enabled: sw.enabled });
    }
  }
  if (originalRule) {
    const { field, ...rule } = originalRule;
    await admin('PUT', `/admin/site/registrationFields/${field}`, rule);
  }
  const resources = await admin<{ list: { id: number; name: string }[] }>('GET', '/admin/site/resources');
  for (const r of resources.list.filter((x) => x.name === resourceName))
    await admin('DELETE', `/admin/site/resources/${r.id}`);
});

test('an operator with site.write opens the brand settings, grouped', async () => {
  original = await brand();
  originalRule = await fieldRule('email');
  operator = await createOperator('site', ['site.write']);
  await consoleSignIn(desk, operator);
  await openConsoleEntry(desk, 'Brand settings');
  for (const group of ['Maintenance', 'Region restriction', 'Registration and sign-in security', 'Whitelabel switches'])
    await desk.getByRole('heading', { level: 2, name: group, exact: true }).waitFor();
  // The daily SMS limit shows today's count as the server has it (other specs may send SMS meanwhile).
  const note = await card('SMS codes a day').getByTestId('smsDailyQuota-note').innerText();
  const shownSent = Number(/^(\d+) SMS sent today\.$/.exec(note)?.[1]);
  assert.ok(shownSent >= original.smsSentToday && shownSent <= (await brand()).smsSentToday, note);
  await screenshot(desk, 'console-site-settings');
  await axeCheck(desk, 'brand settings');
  await desk.getByRole('button', { name: 'Switch to light theme' }).click();
  await axeCheck(desk, 'brand settings (light)');
  await desk.getByRole('button', { name: 'Switch to dark theme' }).click();
});

test('a value out of range is refused before it is sent; a good one is saved on its own', async () => {
  const digits = card('Mobile number digits');
  const before = await setting('mobileDigits');
  await digits.getByRole('textbox', { name: 'Mobile number digits' }).fill('3');
  await digits.getByRole('button', { name: 'Save' }).click();
  await digits.getByRole('alert').filter({ hasText: 'At least 6' }).waitFor();
  assert.equal(await setting('mobileDigits'), before, 'nothing was sent');
  await digits.getByRole('button', { name: 'Undo' }).click();

  const captcha = card('Captcha after failed sign-ins');
  const was = (await setting('captchaAfterFailures')) as number;
  await captcha.getByRole('textbox', { name: 'Captcha after failed sign-ins' }).fill(String(was + 2));
  await captcha.getByRole('button', { name: 'Save' }).click();
  await captcha.getByRole('status').filter({ hasText: 'saved' }).waitFor();
  assert.equal(await setting('captchaAfterFailures'), was + 2);

  // A refusal only the server can give (its own check of the value) shows beside the control.
  const gtag = card('Google tag ID');
  await desk.route('**/admin/brand/settings/gtagId', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Some fields are not valid',
        value: { fields: { value: 'TOO_LONG' } },
      }),
    }),
  );
  await gtag.getByRole('textbox', { name: 'Google tag ID' }).fill('G-REFUSED');
  await gtag.getByRole('button', { name: 'Save' }).click();
  await gtag.getByRole('alert').filter({ hasText: 'Too long' }).waitFor();
  await desk.unroute('**/admin/brand/settings/gtagId');
  await gtag.getByRole('button', { name: 'Undo' }).click();

  const languages = card('Supported languages');
  await languages.getByRole('textbox', { name: 'Supported languages' }).fill('EN\nnot a code');
  await languages.getByRole('button', { name: 'Save' }).click();
  await languages.getByRole('alert').filter({ hasText: 'Not in the expected format' }).waitFor();
  await languages.getByRole('button', { name: 'Undo' }).click();
});

test('maintenance on asks first and closes the player site; off brings it back', async () => {
  await player.goto('/');
  await player.getByTestId('jackpot').waitFor({ timeout: PAGE_WAIT_MS });

  const maintenance = card('Maintenance mode');
  await maintenance.getByRole('textbox', { name: 'Page title' }).fill(`Console upgrade ${suffix}`);
  await maintenance.getByRole('switch', { name: 'Site under maintenance' }).click();
  await maintenance.getByRole('button', { name: 'Save' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Turn maintenance on?' });
  await dialog.waitFor();
  await axeCheck(desk, 'maintenance confirmation');
  await screenshot(desk, 'console-site-maintenance-confirm');
  // Cancelled: nothing changes.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(((await setting('maintenance')) as { enabled: boolean }).enabled, false);

  await maintenance.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('button', { name: 'Turn maintenance on' }).click();
  await dialog.waitFor({ state: 'detached' });
  await maintenance.getByRole('status').filter({ hasText: 'saved' }).waitFor();
  assert.equal(((await setting('maintenance')) as { enabled: boolean }).enabled, true);

  // The brand is cached for up to 2 s on the server: reload until the site shows the page.
  const heading = player.getByRole('heading', { level: 1, name: `Console upgrade ${suffix}` });
  for (let i = 0; i < 10 && !(await heading.isVisible()); i++) {
    await player.goto('/');
    await heading.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await heading.waitFor();
  assert.equal(await player.getByTestId('jackpot').count(), 0, 'the home page is not shown');
  await screenshot(player, 'console-site-maintenance-player');

  // Turning it off needs no confirmation.
  await maintenance.getByRole('switch', { name: 'Site under maintenance' }).click();
  const before = original?.settings.find((s) => s.key === 'maintenance')?.value as { title: string } | undefined;
  assert.ok(before, 'the brand has a maintenance setting');
  await maintenance.getByRole('textbox', { name: 'Page title' }).fill(before.title);
  await maintenance.getByRole('button', { name: 'Save' }).click();
  await maintenance.getByRole('status').filter({ hasText: 'saved' }).waitFor();
  assert.deepEqual(await setting('maintenance'), before);
  const home = player.getByTestId('jackpot');
  for (let i = 0; i < 10 && !(await home.isVisible()); i++) {
    await player.goto('/');
    await home.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await home.waitFor();
});

test('region restriction asks before saving; a whitelabel switch saves as it is turned', async () => {
  const region = card('Region restriction');
  await region.getByRole('textbox', { name: 'Blocked address ranges' }).fill('300.1.1.1/8');
  await region.getByRole('button', { name: 'Save' }).click();
  await region.getByRole('alert').filter({ hasText: 'Entry 1: Not valid' }).waitFor();
  await region.getByRole('textbox', { name: 'Blocked address ranges' }).fill('198.51.100.0/24');
  await region.getByRole('button', { name: 'Save' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Change the region restriction?' });
  await dialog.getByRole('button', { name: 'Save the restriction' }).click();
  await dialog.waitFor({ state: 'detached' });
  await region.getByRole('status').filter({ hasText: 'saved' }).waitFor();
  assert.deepEqual(((await setting('regionRestriction')) as { blockedCidrs: string[] }).blockedCidrs, [
    '198.51.100.0/24',
  ]);

  const sw = original?.switches.find((s) => s.modId === 'FREEPLAY3');
  assert.ok(sw, 'the brand has the FREEPLAY3 switch');
  const row = desk.locator('#group-switches li').filter({ has: desk.locator('code', { hasText: /^FREEPLAY3$/ }) });
  const control = row.getByRole('switch');
  const checked = (want: boolean) =>
    desk.waitForFunction(
      (w) =>
        Array.from(document.querySelectorAll('#group-switches li'))
          .find((li) => li.querySelector('code')?.textContent === 'FREEPLAY3')
          ?.querySelector('[role="switch"]')
          ?.getAttribute('aria-checked') === w,
      String(want),
    );
  await checked(sw.enabled);
  await control.click();
  await row
    .getByRole('status')
    .filter({ hasText: sw.enabled ? 'turned off' : 'turned on' })
    .waitFor();
  await checked(!sw.enabled);
  assert.equal((await brand()).switches.find((s) => s.modId === 'FREEPLAY3')?.enabled, !sw.enabled);
  await control.click();
  await checked(sw.enabled);
  assert.equal((await brand()).switches.find((s) => s.modId === 'FREEPLAY3')?.enabled, sw.enabled);
});

test('resources: a bad name is refused, a resource is added, moved up and deleted', async () => {
  await openConsoleEntry(desk, 'Resources');
  await desk.getByRole('button', { name: 'New resource' }).click();
  const dialog = desk.getByRole('dialog', { name: 'New resource' });
  await dialog.getByRole('combobox', { name: 'Type' }).selectOption('TELEGRAM');
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Not A Slug');
  await dialog.getByRole('textbox', { name: 'Label' }).fill(`Telegram ${suffix}`);
  await dialog.getByRole('textbox', { name: 'Link' }).fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Not in the expected format' }).waitFor();
  await dialog.getByRole('alert').filter({ hasText: 'Not valid' }).waitFor();
  await axeCheck(desk, 'resource dialog');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(resourceName);
  await dialog.getByRole('textbox', { name: 'Link' }).fill('https://t.me/gamehall');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  const row = desk.getByRole('row').filter({ hasText: `Telegram ${suffix}` });
  await row.waitFor();
  await screenshot(desk, 'console-site-resources');
  await axeCheck(desk, 'resources');

  const list = async () =>
    (await admin<{ list: { id: number; name: string }[] }>('GET', '/admin/site/resources')).list.map((r) => r.name);
  const before = await list();
  assert.equal(before.at(-1), resourceName, 'added last');
  if (before.length > 1) {
    await row.getByRole('button', { name: `Move Telegram ${suffix} up` }).click();
    await desk.waitForFunction((name) => {
      const rows = Array.from(document.querySelectorAll('tbody tr'));
      return rows.length > 1 && rows.at(-1)?.textContent?.includes(name) === false;
    }, `Telegram ${suffix}`);
    assert.equal((await list()).at(-2), resourceName, 'moved up one place');
  }
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = desk.getByRole('dialog', { name: 'Delete' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await row.waitFor({ state: 'detached' });
  assert.ok(!(await list()).includes(resourceName), 'deleted');
});

test('registration fields: a rule is checked, saved and shown', async () => {
  assert.ok(originalRule, 'the email field has a rule');
  await openConsoleEntry(desk, 'Registration fields');
  await desk.getByRole('button', { name: 'Edit the rule of email' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Rule of email' });
  await dialog.getByRole('spinbutton', { name: 'Minimum length' }).fill('50');
  await dialog.getByRole('spinbutton', { name: 'Maximum length' }).fill('10');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByRole('alert').filter({ hasText: 'Not valid' }).waitFor();
  await axeCheck(desk, 'registration field dialog');
  const max = originalRule.maxLength === 60 ? 61 : 60;
  await dialog.getByRole('spinbutton', { name: 'Minimum length' }).fill(String(originalRule.minLength));
  await dialog.getByRole('spinbutton', { name: 'Maximum length' }).fill(String(max));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await desk.locator('tr[data-field="email"]').getByText(`${originalRule.minLength}–${max}`).waitFor();
  assert.equal((await fieldRule('email'))?.maxLength, max);
  await screenshot(desk, 'console-site-registration-fields');
  await axeCheck(desk, 'registration fields');
});

test('axe finds no serious violation on the Site screens', () => {
  assert.deepEqual(axeFindings, []);
  assert.ok(browser());
});
