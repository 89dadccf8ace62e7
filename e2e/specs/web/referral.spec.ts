// The agent's referral link in the browser (spec §2 "referral link"): agent01 opens the
// link in the agent centre, a visitor in a fresh browser opens it, finds the invitation code
// filled in (still there after closing the modal and opening it again from another page),
// registers, and lands in agent01's direct downlines. Then every agent centre page at 390 px
// (a phone) keeps the page from scrolling sideways (tables scroll or fold inside their own box).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { openAgentEntry } from '../../support/agent';
import { newContext, screenshot } from '../../support/browser';
import { baseUrl, PAGE_WAIT_MS } from '../../support/env';
import { markPopupsSeen } from '../../support/player';
import { call, fillRegistration, signedInAs, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

const AGENT = 'agent01';
const PASSWORD = 'Demo@1234';
const PHONE = { width: 390, height: 844 };

const browser = useSiteBrowser();

async function freshPage(chromium: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await newContext(chromium, { viewport });
  const page = await context.newPage();
  await markPopupsSeen(page);
  return page;
}

/** The agent page's login (/agentHome, area 'agent'), landing on the team overview. */
async function agentSignIn(page: Page): Promise<void> {
  await page.goto('/agentHome');
  const modal = page.getByRole('dialog', { name: 'Agent login' });
  await modal.getByRole('textbox', { name: 'Username' }).fill(AGENT);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Log in' }).click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(page, AGENT);
  await page.getByRole('heading', { level: 1, name: 'Team overview' }).waitFor();
}

test("a visitor who opens agent01's referral link registers under agent01", async () => {
  const agentPage = await freshPage(browser());
  await agentSignIn(agentPage);
  await openAgentEntry(agentPage, 'Referral link');
  const link = await agentPage.getByTestId('referral-link').innerText();
  const code = await agentPage.getByTestId('referral-code').innerText();
  await agentPage.getByTestId('referral-qr').waitFor();
  await screenshot(agentPage, 'agent-referral-link');
  // The server's form of the link: this site's /register with the code as affiliateCode.
  const url = new URL(link);
  assert.equal(url.origin, new URL(baseUrl()).origin);
  assert.equal(url.pathname, '/register');
  assert.equal(url.searchParams.get('affiliateCode'), code);
  assert.match(code, /^[A-Z0-9]{4,20}$/);

  // A second, fresh browser context: nothing shared with the agent's session.
  const visitor = await freshPage(browser());
  await visitor.goto(link);
  let modal = visitor.getByRole('dialog', { name: 'Register' });
  let invitation = modal.getByLabel('Invitation code');
  await visitor.waitForFunction(
    (expected) =>
      (document.querySelector('input[name="affiliateCode"]') as HTMLInputElement | null)?.value === expected,
    code,
  );
  assert.equal(await invitation.inputValue(), code);
  assert.equal(await invitation.isEditable(), true, 'the prefilled code stays editable');
  await screenshot(visitor, 'referral-register-prefilled');

  // The visitor closes the modal, goes to the home page, and opens registration from the header:
  // the code is kept for the session.
  await modal.getByRole('button', { name: 'Close' }).click();
  await modal.waitFor({ state: 'detached' });
  await visitor.goto('/');
  await visitor.getByRole('form', { name: 'Log in' }).first().getByRole('button', { name: 'Register' }).click();
  modal = visitor.getByRole('dialog', { name: 'Register' });
  invitation = modal.getByLabel('Invitation code');
  await visitor.waitForFunction(
    (expected) =>
      (document.querySelector('input[name="affiliateCode"]') as HTMLInputElement | null)?.value === expected,
    code,
  );

  const username = `rf${Date.now().toString(36).slice(-8)}`;
  await fillRegistration(modal, { username: username, password: 'Secret123', payeeName: 'Referral Visitor' });
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(visitor, username);
  await visitor.context().close();

  // agent01's direct downlines, by the API and on the downline management page.
  const direct = await call<{ content: { username: string; level: number }[] }>(
    'GET',
    `/wps/agent/downlines?scope=direct&q=${username}`,
    await tokenOf(agentPage),
  );
  assert.equal(direct.success, true, JSON.stringify(direct));
  assert.deepEqual(
    direct.value?.content.map((d) => [d.username, d.level]),
    [[username, 1]],
  );
  await openAgentEntry(agentPage, 'Downline management');
  await agentPage.getByRole('searchbox', { name: 'Username or nickname' }).fill(username);
  await agentPage.getByRole('form', { name: 'Username or nickname' }).getByRole('button', { name: 'Search' }).click();
  await agentPage.getByTestId(`downline-${username}`).waitFor();
  await agentPage.context().close();
});

test('agent01 names a link; a visitor opening it counts as a click and a registration', async () => {
  const agentPage = await freshPage(browser());
  await agentSignIn(agentPage);
  await openAgentEntry(agentPage, 'Referral link');
  const name = `Spec ${Date.now().toString(36)}`;
  await agentPage.getByRole('textbox', { name: 'Link name' }).fill(name);
  await agentPage.getByRole('button', { name: 'Add link' }).click();
  const row = agentPage.getByTestId('referral-links').getByRole('row').filter({ hasText: name });
  await row.waitFor();
  const code = ((await row.getAttribute('data-testid')) ?? '').replace('referral-link-row-', '');
  assert.match(code, /^[A-Z2-9]{8}$/);
  const link = await row.getByText('/register?affiliateCode=').innerText();
  assert.equal(new URL(link).searchParams.get('affiliateCode'), code);
  const figures = async () =>
    (await row.locator('td').allInnerTexts()).slice(2, 5).map((x) => x.replace(/^.*\n/, '').trim());
  assert.deepEqual(await figures(), ['0', '0', '0']);
  await row.getByRole('button', { name: 'QR code' }).click();
  await agentPage.getByTestId('referral-link-qr').waitFor();
  await screenshot(agentPage, 'agent-referral-links');

  // A visitor opens the named link (and reloads it: still one click), then registers by it.
  const visitor = await freshPage(browser());
  await visitor.goto(link);
  await visitor.waitForFunction(
    (expected) =>
      (document.querySelector('input[name="affiliateCode"]') as HTMLInputElement | null)?.value === expected,
    code,
  );
  await visitor.reload();
  const modal = visitor.getByRole('dialog', { name: 'Register' });
  await visitor.waitForFunction(
    (expected) =>
      (document.querySelector('input[name="affiliateCode"]') as HTMLInputElement | null)?.value === expected,
    code,
  );
  const username = `rl${Date.now().toString(36).slice(-8)}`;
  await modal.getByRole('textbox', { name: 'Username' }).fill(username);
  await modal.locator('input[name="password"]').fill('Secret123');
  await modal.locator('input[name="confirmPassword"]').fill('Secret123');
  await modal.getByRole('button', { name: 'Add more details now (optional)' }).click();
  await modal.locator('input[name="payeeName"]').fill('Link Visitor');
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(visitor, username);
  await visitor.context().close();

  await agentPage.reload();
  await row.waitFor();
  assert.deepEqual(await figures(), ['1', '1', '0']);
  // Disabled again, so repeated runs stay under agent01's cap of active links.
  await row.getByRole('button', { name: 'Disable' }).click();
  await row.getByRole('button', { name: 'Enable' }).waitFor();
  await agentPage.context().close();
});

test('every agent centre page fits a 390 px phone without sideways page scroll', async () => {
  const page = await freshPage(browser(), PHONE);
  await agentSignIn(page);
  const menu = page.getByRole('navigation', { name: 'Agent centre' });
  const entries = await page.getByTestId('agent-menu').getByRole('link').allInnerTexts();
  // The plain entries and, for agent01's demo contracts, the statement pages of each kind.
  assert.ok(entries.length >= 10, `menu entries: ${entries.join(', ')}`);
  const overflow = () =>
    page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      bodyScrollWidth: document.body.scrollWidth,
    }));
  const problems: string[] = [];
  for (const name of entries) {
    const link = menu.getByRole('link', { name, exact: true });
    const href = (await link.getAttribute('href')) ?? '';
    await Promise.all([page.waitForURL(`**${href}`), link.click()]);
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 45_000 });
    // Wait for the page's data (its loading line gone), so the measure is of the real content.
    await page.waitForFunction(() => !document.querySelector('main section')?.textContent?.includes('Loading'));
    const check = async (state: string) => {
      const { scrollWidth, bodyScrollWidth } = await overflow();
      if (scrollWidth > PHONE.width || bodyScrollWidth > PHONE.width)
        problems.push(`${name}${state}: page ${scrollWidth}px, body ${bodyScrollWidth}px`);
    };
    await check('');
    // The custom range adds two date inputs and an Apply button to the filter row.
    const custom = page.getByRole('button', { name: 'Custom', exact: true });
    if ((await custom.count()) > 0) {
      await custom.click();
      await page.getByRole('button', { name: 'Apply' }).waitFor();
      await check(' (custom range)');
    }
    // A statement's lines open as a table inside its row.
    const details = page.getByRole('button', { name: 'Details', exact: true });
    if ((await details.count()) > 0) {
      await details.first().click();
      await page.getByRole('button', { name: 'Hide details' }).first().waitFor();
      await check(' (statement lines)');
    }
    await screenshot(page, `agent-phone-${name.toLowerCase().replace(/\W+/g, '-')}`);
  }
  assert.deepEqual(problems, []);
  await page.context().close();
});
